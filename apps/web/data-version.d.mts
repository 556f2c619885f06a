export const DATA_VERSION_POLL_MS: number;
export function watchDataVersion(options: { apiUrl: string; intervalMs?: number; fetchImpl?: typeof fetch }): {
  current(): string | null;
  read(): Promise<string | null>;
  stop(): void;
};
