import type { ComponentType } from 'react';

/**
 * A section's strings: for each language, the keys it adds to the back office's translations
 * (under its own names, e.g. `{ risk: { … } }`). The host merges them in when it loads the section,
 * so a section released alone brings the words of its new screens with it.
 */
export interface SectionStrings {
  EN: Record<string, unknown>;
  CN: Record<string, unknown>;
}

/** What a section's container exposes as `./Section` (features/<name>/section.ts). */
export interface SectionModule {
  /** The release this code was built as (sections.json, or `npm run release -- backoffice/<name>`). */
  version: string;
  strings: SectionStrings;
  /** The section's pages by the name the host's table (app/sections.tsx) gives them. */
  pages: Record<string, ComponentType>;
}
