// What both puzzles draw from a challenge, and how a click on the drawn image maps to its pixels.
export type ChallengeView = {
  originalImageBase64: string;
  jigsawImageBase64: string | null;
  wordList: string[] | null;
  width: number;
  height: number;
};

/** Image pixels per displayed pixel, so answers are sent in the server's 310×155 coordinates. */
export function useScale(ref: React.RefObject<HTMLElement | null>, width: number) {
  return () => width / (ref.current?.getBoundingClientRect().width || width);
}
