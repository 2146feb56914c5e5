// Text to speech for AI prompts with a voice. One provider interface; the first implementation is
// Azure Speech's REST API (POST {base}/cognitiveservices/v1 with SSML), at AZURE_SPEECH_URL where
// {region} becomes the prompt's voiceRegion.
export type SpeechRequest = { text: string; voice: string; key: string; region: string };
export type Speech = { data: Buffer; extension: string };
export type TextToSpeech = { synthesize: (request: SpeechRequest) => Promise<Speech> };

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char);

export class SpeechError extends Error {
  constructor(readonly status: number) {
    super(`speech service answered ${status}`);
  }
}

export const createAzureSpeech = (settings: { speechUrl: string; timeoutMs: number }): TextToSpeech => ({
  synthesize: async ({ text, voice, key, region }) => {
    const base = settings.speechUrl.replace('{region}', encodeURIComponent(region));
    const language = voice.split('-').slice(0, 2).join('-');
    const response = await fetch(`${base}/cognitiveservices/v1`, {
      method: 'POST',
      headers: {
        'Ocp-Apim-Subscription-Key': key,
        'Content-Type': 'application/ssml+xml',
        // WhatsApp plays Opus in Ogg as a voice note
        'X-Microsoft-OutputFormat': 'ogg-24khz-16bit-mono-opus',
        'User-Agent': 'atende',
      },
      body: `<speak version="1.0" xml:lang="${language}"><voice xml:lang="${language}" name="${xmlEscape(voice)}">${xmlEscape(text)}</voice></speak>`,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    if (!response.ok) throw new SpeechError(response.status);
    const data = Buffer.from(await response.arrayBuffer());
    if (data.length === 0) throw new SpeechError(response.status);
    return { data, extension: 'ogg' };
  },
});
