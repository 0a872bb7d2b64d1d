// withdrawal calls (issue 9). Filled in by the withdrawal work.
export {};
