/** The back office's deals endpoints (issue 27): /pro/admin/…, administrators only. */
export {};
