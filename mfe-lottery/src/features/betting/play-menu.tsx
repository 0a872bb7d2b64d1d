// The play-type menu: the groups of a game's kind (group_<group>), then the plays of the chosen
// group (play_<code>), in the catalogue's order (playsOf).
import { Tabs, useT } from '@platform/shared';
import type { PlayDefinition } from '@platform/lottery-rules';
import styles from './betting.module.css';
import { NAMESPACE } from './translations';

/** The plays grouped by menu group, groups in the order of their first play. */
export function playGroups(plays: readonly PlayDefinition[]): { group: string; plays: PlayDefinition[] }[] {
  const groups = new Map<string, PlayDefinition[]>();
  for (const play of plays) groups.set(play.group, [...(groups.get(play.group) ?? []), play]);
  return [...groups].map(([group, members]) => ({ group, plays: members }));
}

/**
 * The play a page opens with: the `playType` of its address (a play's id or code, /lottery
 * query), else the kind's first play.
 */
export function initialPlay(plays: readonly PlayDefinition[], playType: string | null): PlayDefinition {
  const wanted = playType?.trim();
  return (wanted && plays.find((play) => String(play.id) === wanted || play.code.toLowerCase() === wanted.toLowerCase())) || plays[0];
}

export function PlayMenu({ plays, value, onChange }: { plays: readonly PlayDefinition[]; value: PlayDefinition; onChange: (play: PlayDefinition) => void }) {
  const { t } = useT(NAMESPACE);
  const groups = playGroups(plays);
  const current = groups.find((entry) => entry.group === value.group) ?? groups[0];
  return (
    <nav className={styles.playMenu} aria-label={t('play_types')} data-testid="play-menu">
      <Tabs
        label={t('play_groups')}
        value={current.group}
        onChange={(group) => {
          const first = groups.find((entry) => entry.group === group)?.plays[0];
          if (first) onChange(first);
        }}
        items={groups.map((entry) => ({ value: entry.group, label: t(`group_${entry.group}`) }))}
      >
        <ul className={styles.plays}>
          {current.plays.map((play) => (
            <li key={play.id}>
              <button
                type="button"
                className={styles.play}
                aria-pressed={play.id === value.id}
                onClick={() => onChange(play)}
                data-testid="play-button"
                data-play-code={play.code}
              >
                {t(`play_${play.code}`)}
              </button>
            </li>
          ))}
        </ul>
      </Tabs>
    </nav>
  );
}
