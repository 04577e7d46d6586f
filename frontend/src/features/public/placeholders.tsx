import { ComingSoon } from '../../components/ui/page';

// Public routes whose pages come in a later release; kept minimal so that links never lead to a 404.
export function OrderPage() {
  return <ComingSoon title="Commander mon site" description="Configurez votre site vitrine en quelques étapes." />;
}
export function PaymentSuccessPage() {
  return <ComingSoon title="Paiement" />;
}
export function UpgradeSuccessPage() {
  return <ComingSoon title="Changement d'abonnement" />;
}
