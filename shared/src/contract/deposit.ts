// deposit calls (issue 9). Filled in by the deposit work.
export {};
