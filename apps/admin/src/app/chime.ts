/**
 * The queue chime (issue 25 §4): a short two-tone sound when a queue grows, on every page.
 * Browsers refuse audio before the person interacts with the page (the autoplay rule), so the
 * AudioContext is made at the first key or pointer press (`unlockChime`); before that, and when
 * muted (kept in localStorage), only the menu badge says it.
 */
const MUTE_KEY = 'sabai.admin.chime-muted';
let audio: AudioContext | null = null;

/** Made once, on the first key or pointer press (call from those events). */
export function unlockChime(): void {
  if (audio || typeof AudioContext === 'undefined') return;
  try {
    audio = new AudioContext();
  } catch {
    audio = null;
  }
}

export const isChimeUnlocked = () => audio !== null;
export const isChimeMuted = () => localStorage.getItem(MUTE_KEY) === '1';
export const setChimeMuted = (muted: boolean) => (muted ? localStorage.setItem(MUTE_KEY, '1') : localStorage.removeItem(MUTE_KEY));

/** Plays the chime unless muted or not yet allowed; answers whether it played. */
export function chime(): boolean {
  if (!audio || isChimeMuted()) return false;
  try {
    const now = audio.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const tone = audio!.createOscillator();
      const gain = audio!.createGain();
      tone.frequency.value = frequency;
      gain.gain.value = 0.08;
      tone.connect(gain).connect(audio!.destination);
      tone.start(now + index * 0.15);
      tone.stop(now + index * 0.15 + 0.12);
    });
    return true;
  } catch {
    return false;
  }
}
