// Types of generate-icon-sprite.mjs, for the web's TypeScript (which does not read JavaScript).
export const ICONS_MODULE: string;
export const SPRITE: string;
export function declaredIcons(source?: string): string[];
export function spriteOf(names: string[]): Promise<string>;
