/** Replaces the login form on phones and tablets. */
export function RestrictedNotice() {
  return (
    <div className="restricted" role="alert">
      <i className="pi pi-desktop" aria-hidden="true" />
      <h2>Accès restreint</h2>
      <p>Cette application est réservée aux ordinateurs. Veuillez vous connecter depuis un ordinateur (PC ou Mac).</p>
    </div>
  );
}
