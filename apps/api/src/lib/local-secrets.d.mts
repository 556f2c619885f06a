export declare const LOCAL_SECRETS_FILE: string;

export type LocalSecrets = { JWT_SECRET: string; PUBLIC_API_TOKEN: string };

export declare function localSecrets(
  file: string,
  given?: { JWT_SECRET?: string | undefined; PUBLIC_API_TOKEN?: string | undefined },
): LocalSecrets;
