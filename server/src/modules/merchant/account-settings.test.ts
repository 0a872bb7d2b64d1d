import { readSeedFile } from '../../db/seed';
import { DEFAULT_ACCOUNT_SETTINGS } from './account-settings';

// The seed restates the built-in account rules for the operator to see and change; a value that
// differs from the code's default would silently make the shipped brand weaker or stricter than
// the README and the code say (the per-address login limit once read 5 here and 30 in the code).
test("the seeded merchant's account rules are the built-in defaults", async () => {
  const seed = await readSeedFile();
  const { $comment: _comment, ...seeded } = (seed.settings as Record<string, unknown>).accounts as Record<string, unknown>;
  for (const [key, value] of Object.entries(seeded)) {
    expect({ key, value }).toEqual({ key, value: DEFAULT_ACCOUNT_SETTINGS[key as keyof typeof DEFAULT_ACCOUNT_SETTINGS] });
  }
});
