import { useEffect, useRef, useState } from 'react';

// MP4 first: its output is what the m4a name promises (01-core §4 Messages); WebM where MP4
// recording is missing.
const PREFERRED_TYPES = ['audio/mp4', 'audio/webm'];

type Session = { recorder: MediaRecorder; stream: MediaStream; chunks: Blob[] };

const release = (session: Session) => {
  for (const track of session.stream.getTracks()) track.stop();
};

// The microphone through MediaRecorder: start, then finish (the recording) or cancel (nothing).
export const useAudioRecorder = () => {
  const [recording, setRecording] = useState(false);
  const session = useRef<Session | null>(null);

  const start = async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mimeType = PREFERRED_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.start();
    session.current = { recorder, stream, chunks };
    setRecording(true);
  };

  const finish = () =>
    new Promise<Blob | null>((resolve) => {
      const current = session.current;
      session.current = null;
      setRecording(false);
      if (!current) return resolve(null);
      current.recorder.onstop = () => {
        release(current);
        resolve(new Blob(current.chunks, { type: current.recorder.mimeType }));
      };
      current.recorder.stop();
    });

  const cancel = async () => {
    await finish();
  };

  // leaving the chat mid-recording frees the microphone
  useEffect(
    () => () => {
      const current = session.current;
      if (!current) return;
      current.recorder.stop();
      release(current);
    },
    [],
  );

  return { recording, start, finish, cancel };
};
