/** The back office's contests endpoints (issue 27): /pro/admin/…, administrators only. */
export {};
