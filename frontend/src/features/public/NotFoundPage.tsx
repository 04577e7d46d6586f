import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/card';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-16 text-center">
      <p className="text-sm font-semibold text-brand-600 dark:text-brand-400">Erreur 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Page introuvable</h1>
      <p className="mt-3 max-w-md text-slate-600 dark:text-slate-400">La page que vous cherchez n'existe pas ou a été déplacée.</p>
      <ButtonLink to={paths.home} className="mt-8">
        Retour à l'accueil
      </ButtonLink>
    </Container>
  );
}
