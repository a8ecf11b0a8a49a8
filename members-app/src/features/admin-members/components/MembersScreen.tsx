import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_PAGE_SIZE,
  MEMBER_SEARCH_MAX_LENGTH,
  type MemberListItem,
} from '@sleep-ritual/contracts/admin-members';
import { Spinner } from '../../../components/Spinner.tsx';
import { useMembers } from '../api/get-members.ts';
import { count, fullName, yesNo } from '../../../lib/admin/format.ts';
import { LOAD_ERRORS } from '../../../lib/admin/messages.ts';
import { useFilterParams } from '../../../lib/admin/use-filter-params.ts';
import { adminUrls } from '../../../lib/admin/urls.ts';
import { DateTime, Pager, Results, TableFrame } from '../../../components/admin/BackOffice.tsx';
import { LoadFailed } from '../../../components/admin/ScreenStates.tsx';
import { ScreenHeader } from '../../../components/admin/ScreenHeader.tsx';
import { ExportLinks } from './ExportLinks.tsx';

/** The search waits this long after the last keystroke, so typing a name sends one search, not one per letter. */
export const SEARCH_DEBOUNCE_MS = 300;

/** /admin/members: find a member by e-mail or name, page through the rest. */
export function MembersScreen() {
  const { params, page, update } = useFilterParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);

  // Back and Forward change the address: the box follows, unless it only differs by spaces being typed.
  useEffect(() => {
    setText((current) => (current.trim() === q ? current : q));
  }, [q]);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === q) return;
    const timer = window.setTimeout(
      () => update({ q: wanted, page: 1 }, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
    // Not on `update`: it is a new function every render, and would restart the wait each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, q]);

  function submit(event: FormEvent) {
    event.preventDefault();
    update({ q: text.trim(), page: 1 }, { replace: true });
  }

  return (
    <>
      <ScreenHeader
        title="Members"
        intro="Everyone who bought, with their account, programs and progress."
        actions={<ExportLinks />}
      />
      <form role="search" className="admin-search" onSubmit={submit} aria-label="Members">
        <div className="field">
          <label htmlFor="member-search">Search by e-mail or name</label>
          <input
            id="member-search"
            type="search"
            value={text}
            autoComplete="off"
            spellCheck={false}
            maxLength={MEMBER_SEARCH_MAX_LENGTH}
            placeholder="maya@example.com or Maya"
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      </form>
      <MemberResults q={q} page={page} onPage={(next) => update({ page: next })} />
    </>
  );
}

function MemberResults({ q, page, onPage }: { q: string; page: number; onPage: (page: number) => void }) {
  const members = useMembers({ q: q || undefined, page });
  if (members.isPending) return <Spinner label="Loading members..." />;
  if (members.isError)
    return <LoadFailed title={LOAD_ERRORS.members} error={members.error} onRetry={() => members.refetch()} />;

  const { items, total, pageSize } = members.data;
  const searching = members.isPlaceholderData;
  let summary = count(total, 'member');
  if (q) summary += ` ${total === 1 ? 'matches' : 'match'} “${q}”`;
  if (total === 0) summary = q ? `No members match “${q}”.` : 'No members yet.';

  return (
    <Results heading="Results" summary={searching ? 'Searching...' : summary} busy={searching}>
      {items.length > 0 && (
        <TableFrame
          label="Members"
          columns={['E-mail', 'Name', 'Has password', 'Created', 'Last sign-in', 'Programs']}
        >
          {items.map((member) => (
            <MemberRow key={member.id} member={member} />
          ))}
        </TableFrame>
      )}
      <Pager
        label="Members pages"
        page={page}
        pageSize={pageSize || DEFAULT_PAGE_SIZE}
        total={total}
        onPage={onPage}
      />
    </Results>
  );
}

function MemberRow({ member }: { member: MemberListItem }) {
  return (
    <tr>
      <th scope="row">
        <Link to={adminUrls.member(member.id)} className="admin-cell-link">
          {member.email}
        </Link>
      </th>
      <td>{fullName(member) ?? <span className="muted">Not set</span>}</td>
      <td>{yesNo(member.hasPassword)}</td>
      <td>
        <DateTime value={member.createdAt} />
      </td>
      <td>
        <DateTime value={member.lastSignInAt} />
      </td>
      <td>
        {member.programs.length === 0 ? (
          <span className="muted">None</span>
        ) : (
          <ul className="admin-inline-list">
            {member.programs.map((program) => (
              <li key={program.id}>{program.title}</li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}
