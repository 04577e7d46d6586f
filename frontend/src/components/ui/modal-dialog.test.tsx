import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ModalDialog } from './modal-dialog';

function Harness({
  busy = false,
  closeOnBackdrop = false,
  onClose = () => {},
}: {
  busy?: boolean;
  closeOnBackdrop?: boolean;
  onClose?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      {open ? (
        <ModalDialog
          labelledBy="titre"
          busy={busy}
          closeOnBackdrop={closeOnBackdrop}
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <h2 id="titre">Titre du dialogue</h2>
          <button type="button">Dedans</button>
        </ModalDialog>
      ) : null}
    </>
  );
}

describe('ModalDialog', () => {
  it('is a labelled modal dialog; Escape closes it and gives the focus back to what opened it', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Ouvrir' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Titre du dialogue' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    screen.getByRole('button', { name: 'Dedans' }).focus();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('stays open on Escape while busy', () => {
    const onClose = vi.fn();
    render(<Harness busy onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on a click on the backdrop only when asked, never on a click inside', () => {
    const onClose = vi.fn();
    const { unmount } = render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
    unmount();
    render(<Harness closeOnBackdrop onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ouvrir' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dedans' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
