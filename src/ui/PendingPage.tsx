import { PageTitle } from './PageTitle';

/** A screen whose issue is still open: its title, and a plain word that it is not there yet. */
export function PendingPage({ title }: { title: string }) {
  return (
    <section>
      <PageTitle>{title}</PageTitle>
      <p className="muted">Cet écran arrive prochainement.</p>
    </section>
  );
}
