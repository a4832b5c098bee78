import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type SyntheticEvent } from 'react';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { BlockDescription, BlockTitle } from './block-title';
import { CloseIcon } from './close-icon';
import { iconButtonBase } from './icon-button-styles';

export type DialogProps = {
  open: boolean;
  /** Called on Escape, the close button or a backdrop click; the parent sets open=false. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions row, e.g. Cancel / Confirm buttons. */
  footer?: ReactNode;
};

const NativeDialog = styled.dialog`
  width: min(560px, calc(100vw - 32px));
  max-height: calc(100dvh - 32px);
  padding: 0;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow};

  &::backdrop {
    background: rgba(11, 20, 38, 0.6);
  }
`;

const Inner = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)};
`;

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
`;

const CloseButton = styled.button`
  ${iconButtonBase}
  flex: none;
  width: 44px;
  height: 44px;
  margin: -${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius.md};

  &:hover {
    background: ${({ theme }) => theme.colors.page};
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

/** Modal dialog on the native <dialog>: the browser provides the focus trap, inert background and Escape. */
export function Dialog({ open, onClose, title, description, children, footer }: DialogProps) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // If unmounted while open, still hand focus back to the opener.
  useEffect(() => {
    return () => {
      const opener = openerRef.current;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // Return focus to whatever opened the dialog (browsers differ in doing it themselves).
  function restoreFocus() {
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) opener.focus();
  }

  // Escape fires "cancel": keep the dialog open until the parent agrees via `open`.
  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    onClose();
  }

  // "close" also fires when the browser closes it without a cancelable "cancel" (e.g. repeated Escape).
  function onNativeClose() {
    restoreFocus();
    if (open) onClose();
  }

  // A click whose target is the <dialog> itself landed on the backdrop (Inner covers the box).
  // Both press and release must be there, so selecting text and releasing outside does not close.
  const pressedOnBackdrop = useRef(false);
  function onMouseDown(event: MouseEvent<HTMLDialogElement>) {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  }
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressedOnBackdrop.current = false;
  }

  return (
    <NativeDialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={onCancel}
      onClose={onNativeClose}
      onMouseDown={onMouseDown}
      onClick={onClick}
    >
      <Inner>
        <Header>
          <BlockTitle id={titleId}>{title}</BlockTitle>
          <CloseButton type="button" onClick={onClose} aria-label={t`Close`}>
            <CloseIcon size={18} />
          </CloseButton>
        </Header>
        {description && <BlockDescription id={descriptionId}>{description}</BlockDescription>}
        {children}
        {footer && <Footer>{footer}</Footer>}
      </Inner>
    </NativeDialog>
  );
}
