import { Button, EmptyState, useT, type ApiError } from '@platform/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { DownlinePicker } from '../account-details/downline-picker';
import layout from '../agent-page/agent-page.module.css';
import { UsernameSearch } from '../agent-page/username-search';
import styles from './team-scope.module.css';
import { NAMESPACE } from './translations';

// Whose team a team page shows (Team Betting, Team Overview): the agent's whole downline, or the
// team of one member of it, typed (at any depth) or picked from the direct downlines. The page keeps
// the member ('' for the whole downline) and sends it as subordinateName only when there is one;
// these pieces choose it, say it, and say when the server does not know it in the agent's team.

/** The server's answer when subordinateName is not a member of the agent's downline. */
export const isUnknownMember = (error: ApiError | undefined): boolean => error?.errorCode === 'agent.downline.unknown';

export interface TeamSearchProps {
  /** The member whose team the page shows; '' for the agent's whole downline. */
  team: string;
  /** Shows the team of this member (trimmed; '' for the whole downline). */
  onChoose: (username: string) => void;
  /** Test ids: `<prefix>-downline` (the field), `-search`, `-pick`, `-picker-close`. */
  testIdPrefix: string;
}

/**
 * A username field with Search, and "Choose a downline", which opens the downline picker in its
 * place. The field follows the team shown, however it was chosen (picked, reset to the whole team).
 */
export function TeamSearch({ team, onChoose, testIdPrefix }: TeamSearchProps) {
  const { t } = useT(NAMESPACE);
  const [typed, setTyped] = useState(team);
  const [picking, setPicking] = useState(false);
  const [followed, setFollowed] = useState(team);
  if (followed !== team) {
    setFollowed(team);
    setTyped(team);
    setPicking(false);
  }

  const choose = (username: string) => {
    setTyped(username);
    setPicking(false);
    onChoose(username);
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    choose(typed.trim());
  };

  if (picking) {
    return (
      <div className={styles.picker}>
        <DownlinePicker onChoose={choose} />
        <div>
          <Button variant="secondary" size="sm" onClick={() => setPicking(false)} data-testid={`${testIdPrefix}-picker-close`}>
            {t('picker_close')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <UsernameSearch
      label={t('search_label')}
      name="downline"
      fieldLabel={t('field_downline')}
      value={typed}
      onChange={setTyped}
      placeholder={t('downline_placeholder')}
      testIdPrefix={testIdPrefix}
      onSubmit={onSearch}
    >
      <Button type="submit" data-testid={`${testIdPrefix}-search`}>
        {t('search')}
      </Button>
      <Button type="button" variant="secondary" onClick={() => setPicking(true)} data-testid={`${testIdPrefix}-pick`}>
        {t('choose_downline')}
      </Button>
    </UsernameSearch>
  );
}

export interface TeamScopeBarProps {
  /** The member whose team the page shows; '' for the agent's whole downline. */
  team: string;
  /** What the page shows, in its words ("Bets of the team of …"). */
  children: ReactNode;
  /** Back to the agent's whole downline; offered while a member's team is shown. */
  onWholeTeam: () => void;
  /** Test ids: `<prefix>-scope` (the bar), `-whole-team` (the reset). */
  testIdPrefix: string;
}

/** Says whose team is shown, with a "Whole team" reset while it is a member's. */
export function TeamScopeBar({ team, children, onWholeTeam, testIdPrefix }: TeamScopeBarProps) {
  const { t } = useT(NAMESPACE);
  return (
    <div className={layout.memberBar} data-testid={`${testIdPrefix}-scope`}>
      <span className={layout.memberName}>{children}</span>
      {team && (
        <Button variant="ghost" size="sm" onClick={onWholeTeam} data-testid={`${testIdPrefix}-whole-team`}>
          {t('whole_team')}
        </Button>
      )}
    </div>
  );
}

export interface UnknownMemberProps {
  /** The hint under the title, in the page's words (the name asked for, and what the whole team shows). */
  description: ReactNode;
  /** Back to the agent's whole downline. */
  onWholeTeam: () => void;
  testId: string;
}

/** In place of the page's figures: the member asked for is not in the agent's team, and a way back. */
export function UnknownMember({ description, onWholeTeam, testId }: UnknownMemberProps) {
  const { t } = useT(NAMESPACE);
  return (
    <div className={styles.unknown} role="alert" data-testid={testId}>
      <EmptyState
        title={t('member_unknown')}
        description={description}
        action={
          <Button variant="secondary" size="sm" onClick={onWholeTeam}>
            {t('show_whole_team')}
          </Button>
        }
      />
    </div>
  );
}
