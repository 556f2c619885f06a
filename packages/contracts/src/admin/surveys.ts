/** The back office's surveys endpoints (issue 27): /pro/admin/…, administrators only. */
export {};
