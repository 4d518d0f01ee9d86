import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { ChangePasswordForm } from '@/features/auth/change-password-form';

/** "Change password" in the header, for players and officers alike: the form opens in a dialog. */
export function ChangePasswordButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn--secondary btn--small" onClick={() => setOpen(true)}>
        Change password
      </button>
      {/* into the body: the sticky header's backdrop-filter would hold a fixed dialog inside its own box */}
      {open &&
        createPortal(
          <Modal title="Change password" icon={<Icon name="shield" />} onEscape={() => setOpen(false)}>
            <p className="modal__text">Your other sessions are signed out once it is changed; this one goes on.</p>
            <ChangePasswordForm onClose={() => setOpen(false)} />
          </Modal>,
          document.body,
        )}
    </>
  );
}
