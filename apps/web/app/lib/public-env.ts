/** What pages may know about the environment (sent to the browser in the root loader data): never secrets. */
export type PublicEnv = {
  siteUrl: string;
  /** External customer support site. */
  supportUrl: string;
  /** External pro site where organisers open a ticketing page. */
  proUrl: string;
  /** Show the pages and links the spec keeps for development mode. */
  previewFeatures: boolean;
};
