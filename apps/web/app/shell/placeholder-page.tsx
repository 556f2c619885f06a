import type { ReactNode } from 'react';

/** A page whose content comes in a later issue: its heading and a short note. */
export function PlaceholderPage({
  title,
  children = 'Cette page arrive bientôt.',
}: {
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-prose text-lg text-slate-700">{children}</p>
    </div>
  );
}
