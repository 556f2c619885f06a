import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { X } from './icons';

export type ModalFooterPosition = 'left' | 'right' | 'spaced';
export type ModalAlignment = 'start' | 'center';

const footerClass: Record<ModalFooterPosition, string> = {
  left: 'justify-start',
  right: 'justify-end',
  spaced: 'justify-between',
};

export type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  footerPosition?: ModalFooterPosition;
  /** Vertical alignment of the dialog in the window. */
  align?: ModalAlignment;
  /** Without the close button, only the modal's own actions close it: no backdrop click either. */
  hideCloseButton?: boolean;
  /** 'large' for rich content (a ticketing opened over its listing). */
  size?: 'default' | 'large';
};

/**
 * The modal (spec sections 4, 9): closes with Escape, the close button, or a click on the backdrop
 * (only when the close button is shown); body scroll is locked while it is open; focus is trapped
 * inside and given back to the opener on close (Radix Dialog).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  footerPosition = 'right',
  align = 'center',
  hideCloseButton = false,
  size = 'default',
}: ModalProps) {
  // The element that had focus when the modal opened (its opener), focused again on close: Radix only
  // does so for its own Dialog.Trigger, and our modals are opened by the page's state.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && typeof document !== 'undefined') opener.current = document.activeElement as HTMLElement | null;
  }, [open]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay data-testid="modal-backdrop" className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          onPointerDownOutside={(event) => {
            if (hideCloseButton) event.preventDefault();
          }}
          onInteractOutside={(event) => {
            if (hideCloseButton) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className={`fixed left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] ${size === 'large' ? 'max-w-3xl' : 'max-w-lg'} -translate-x-1/2 flex-col rounded-2xl bg-white shadow-2xl focus:outline-none ${
            align === 'center' ? 'top-1/2 -translate-y-1/2' : 'top-8'
          }`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <Dialog.Title className="text-xl font-bold text-slate-900">{title}</Dialog.Title>
            {hideCloseButton ? null : (
              <Dialog.Close
                className="-mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
                aria-label="Fermer"
              >
                <X className="size-5" aria-hidden="true" />
              </Dialog.Close>
            )}
          </div>
          {description ? (
            <Dialog.Description className="px-6 pt-4 text-slate-700">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          <div className="overflow-y-auto px-6 py-4">{children}</div>
          {footer ? (
            <div className={`flex flex-wrap gap-3 border-t border-slate-200 px-6 py-4 ${footerClass[footerPosition]}`}>
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
