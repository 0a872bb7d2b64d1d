// records calls (issue 9). Filled in by the records work.
export {};
