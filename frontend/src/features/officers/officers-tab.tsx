import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import type { Notice } from '@/components/notice';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import { useOfficers, type Officer } from '@/features/officers/api/use-officers';
import { AddOfficerForm } from '@/features/officers/add-officer-form';
import { DeactivateModal } from '@/features/officers/deactivate-modal';
import { OfficerCard } from '@/features/officers/officer-card';
import '@/components/bank-ui.css';
import '@/components/admin-overview.css';

/** The Officers tab (treasurers): every officer with their role, and a form to add one; `me` is the signed-in officer's username. */
export function OfficersTab({ me }: { me: string }) {
  const officers = useOfficers();
  const [deactivating, setDeactivating] = useState<{ officer: Officer; onDone: (notice: Notice) => void } | null>(null);

  if (officers.isPending) return <LoadingBlock message="Loading officers..." />;
  if (officers.isError) {
    return <ErrorBlock message={`Error loading officers: ${errorDetail(officers.error)}`} onRetry={() => void officers.refetch()} />;
  }
  return (
    <div className="stack">
      <AddOfficerForm />
      <section className="stack" aria-label="Officers">
        {officers.data.length === 0 ? (
          <EmptyState icon="user" title="No officers" text="Officers you add show here." />
        ) : (
          officers.data.map((officer, index) => (
            <OfficerCard
              key={officer.id}
              officer={officer}
              number={index + 1}
              isMe={officer.username.toLowerCase() === me.toLowerCase()}
              onDeactivate={(chosen, onDone) => setDeactivating({ officer: chosen, onDone })}
            />
          ))
        )}
      </section>
      {deactivating && (
        <DeactivateModal officer={deactivating.officer} onClose={() => setDeactivating(null)} onDone={deactivating.onDone} />
      )}
    </div>
  );
}
