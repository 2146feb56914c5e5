import { readVolume } from './use-volume.ts';

let audioContext: AudioContext | null = null;

// A short two-tone chime synthesised at the stored volume (01-core §9), so no sound file ships.
export const playChime = () => {
  const volume = readVolume();
  if (volume <= 0) return;
  try {
    audioContext ??= new AudioContext();
    const context = audioContext;
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.3 * volume, context.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.45);
    for (const [frequency, start] of [[880, 0], [1320, 0.12]] as const) {
      const oscillator = context.createOscillator();
      oscillator.frequency.value = frequency;
      oscillator.connect(gain);
      oscillator.start(context.currentTime + start);
      oscillator.stop(context.currentTime + 0.45);
    }
  } catch {
    // audio may be blocked until the user interacts with the page
  }
};

export const askNotificationPermission = () => {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
    void Notification.requestPermission().catch(() => undefined);
  }
};

export const notifyNewMessage = ({ title, body, tag, onClick }: { title: string; body: string; tag: string; onClick: () => void }) => {
  playChime();
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag, silent: true });
    notification.onclick = () => {
      window.focus();
      onClick();
    };
  } catch {
    // some browsers only allow notifications from a service worker
  }
};
