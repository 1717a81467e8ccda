import type { AdminPayment, MemberDetail } from '@alcancia/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { Banner } from '../../../ui/banner';
import { Spinner } from '../../../ui/feedback';
import { adminErrorText, useOperator } from '../admin-api';
import { MemberActivity } from './member-activity';
import { type MemberAction, MemberDialogs } from './member-dialogs';
import { MemberHeader } from './member-header';
import { MemberMoney } from './member-money';
import { MemberSummary } from './member-summary';
import { memberKey, useMember } from './members-api';

/** /admin/miembros/:id: everything about one member, and what support can do for her. */
export default function MemberPage() {
  const { id = '' } = useParams();
  const member = useMember(id);
  usePageTitle(member.data ? member.data.profile.name : 'Miembro');
  if (member.isPending) return <Spinner label="Cargando la ficha…" />;
  if (member.isError) return <Banner tone="danger">{adminErrorText(member.error)}</Banner>;
  return <MemberView member={member.data} />;
}

/** Her page, part by part (header, summary, money, activity), and the dialogs of support's actions. */
function MemberView({ member }: { member: MemberDetail }) {
  const queryClient = useQueryClient();
  const { profile } = member;
  // no operator acts on her own account (issue 29): another operator does it
  const own = useOperator().data?.id === profile.id;
  const [action, setAction] = useState<MemberAction>(null);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = async (message: string) => {
    setNotice(message);
    await queryClient.invalidateQueries({ queryKey: memberKey(profile.id) });
  };

  return (
    <section className="admin-stack">
      <MemberHeader member={member} own={own} onAction={setAction} />
      <div aria-live="polite">{notice && <Banner tone="success">{notice}</Banner>}</div>
      <MemberSummary member={member} />
      <MemberMoney
        member={member}
        onRevoke={(productId) => setAction({ revoke: productId })}
        onRefund={setRefunding}
      />
      <MemberActivity member={member} />
      <MemberDialogs
        member={member}
        action={action}
        setAction={setAction}
        refunding={refunding}
        setRefunding={setRefunding}
        done={done}
      />
    </section>
  );
}
