/** The back office's redirects endpoints (issue 27): /pro/admin/…, administrators only. */
export {};
