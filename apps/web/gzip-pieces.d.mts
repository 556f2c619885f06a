export type DeflatedPieces = { deflated: Buffer[]; crcs: number[]; shifts: number[]; length: number; size: number };

export function crcShift(bytes: number): number;
export function combineCrc(crcA: number, crcB: number, shiftB: number): number;
export function deflatePieces(pieces: Buffer[]): DeflatedPieces;
export function gzipJoined(prepared: DeflatedPieces, separator: Buffer): Buffer[];
