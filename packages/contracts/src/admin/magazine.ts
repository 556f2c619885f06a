/** The back office's magazine endpoints (issue 27): /pro/admin/…, administrators only. */
export {};
