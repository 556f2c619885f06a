/**
 * What the scanner hears and feels with each verdict, eyes on the crowd: a high beep (880 Hz) for a valid
 * ticket, a low long one (220 Hz) for a refusal, and a vibration where the phone has one. No sound file:
 * WebAudio's oscillator, created at the first scan (browsers allow sound only after a gesture).
 */
let audio: AudioContext | null = null;

function beep(frequency: number, seconds: number) {
  const Context = globalThis.AudioContext;
  if (!Context) return;
  try {
    audio ??= new Context();
    void audio.resume();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    oscillator.type = 'square';
    gain.gain.value = 0.15;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + seconds);
  } catch {
    // No sound on this phone: the screen's colour and words remain.
  }
}

export function signal(valid: boolean) {
  if (valid) beep(880, 0.15);
  else beep(220, 0.45);
  navigator.vibrate?.(valid ? 80 : [200, 100, 200]);
}
