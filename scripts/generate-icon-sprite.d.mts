// Types of generate-icon-sprite.mjs, for the web's TypeScript (which does not read JavaScript).
export const SPRITE: string;
export function declaredIcons(): string[];
export function spriteOf(names: string[]): Promise<string>;
