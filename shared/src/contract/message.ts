// message calls (issue 9). Filled in by the message work.
export {};
