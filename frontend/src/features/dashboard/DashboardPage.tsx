import { Link } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { Badge, Card, Container } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { AdminModeToggle } from '../../components/admin-mode-toggle';
import { useAuth } from '../../lib/auth/session';

export function DashboardPage() {
  const { user } = useAuth();
  if (!user) return null;
  const displayName = user.name?.trim() || user.email;

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        eyebrow="Espace client"
        title={`Bonjour, ${displayName}`}
        description="Suivez vos sites, vos factures et vos demandes depuis votre tableau de bord."
        actions={
          <>
            <AdminModeToggle />
            <ButtonLink to={paths.dashboard.support} variant="secondary">
              Besoin d'aide ?
            </ButtonLink>
          </>
        }
      />

      <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <div className="flex items-center justify-between gap-4">
            <h2 className="text-lg font-semibold">Mes Sites</h2>
            <ButtonLink to={paths.order} size="sm">
              Nouveau site
            </ButtonLink>
          </div>
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            Retrouvez l'avancement de vos sites et gérez vos abonnements depuis la page{' '}
            <Link to={paths.dashboard.sites} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
              Mes Sites
            </Link>
            .
          </p>
        </Card>

        <Card>
          <h2 className="text-lg font-semibold">Mon profil</h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Nom</dt>
              <dd className="font-medium">{user.name || '—'}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Email</dt>
              <dd className="font-medium break-all">{user.email}</dd>
            </div>
            <div>
              <dt className="text-slate-500 dark:text-slate-400">Rôle</dt>
              <dd className="mt-1">
                <Badge tone={user.role === 'admin' ? 'brand' : 'neutral'}>{user.role === 'admin' ? 'Admin' : 'Client'}</Badge>
              </dd>
            </div>
          </dl>
          <ButtonLink to={paths.dashboard.profile} variant="secondary" className="mt-6 w-full">
            Modifier mon profil
          </ButtonLink>
        </Card>
      </div>
    </Container>
  );
}
