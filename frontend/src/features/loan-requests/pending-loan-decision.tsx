import { formatDateTime } from '@/lib/dates';
import { type PendingLoan } from '@/lib/loans';
import '@/components/bank-ui.css';

export function PendingLoanDecision({ request }: { request: PendingLoan }) {
  if (request.status === 'denied') {
    return (
      <div className="decision decision--denied">
        <p className="decision__title">
          Denied{request.denied_by ? ` by ${request.denied_by}` : ''}
          {request.denied_date ? ` on ${formatDateTime(request.denied_date)}` : ''}
        </p>
        <p>Reason: {request.admin_notes || 'No reason recorded'}</p>
      </div>
    );
  }
  if (request.status === 'cancelled') {
    return (
      <div className="decision decision--cancelled">
        <p className="decision__title">You cancelled this request</p>
      </div>
    );
  }
  if (request.status === 'approved') {
    return (
      <div className="decision decision--approved">
        <p className="decision__title">
          Approved{request.approved_by ? ` by ${request.approved_by}` : ''}
          {request.approved_date ? ` on ${formatDateTime(request.approved_date)}` : ''}
          {request.converted_loan_id ? ` and converted to loan #${request.converted_loan_id}` : ''}
        </p>
        {request.admin_notes && <p>Note: {request.admin_notes}</p>}
      </div>
    );
  }
  return (
    <div className="decision decision--pending">
      <p>An administrator will review this request. You will be contacted on Discord.</p>
    </div>
  );
}
