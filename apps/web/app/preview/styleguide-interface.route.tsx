import { AppLink } from '@guichet/ui/app-link';
import { BUTTON_VARIANTS, Button } from '@guichet/ui/button';
import { Bell, ShoppingBag } from '@guichet/ui/icons';
import { Modal, type ModalAlignment, type ModalFooterPosition } from '@guichet/ui/modal';
import { useNotifications } from '@guichet/ui/notifications';
import { readFormData } from '@guichet/ui/read-form.server';
import { Table } from '@guichet/ui/table';
import { useState } from 'react';
import { Form } from 'react-router';
import { pageMeta } from '../lib/meta';
import { redirectWithNotice } from '../lib/server/notice.server';
import type { Route } from './+types/styleguide-interface.route';

/** Demonstrates a notification set by a route action and shown after the redirect. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  const failed = form.get('issue') === 'error';
  return redirectWithNotice(
    '/styleguide/interface',
    failed ? 'Une erreur est survenu à la création de votre panier.' : 'Votre demande a bien été envoyée.',
    failed ? 'error' : 'success',
  );
}

const SAMPLE_ORDERS = [
  { reference: 'GU-2026-000001', date: '12 octobre 2026', total: '84 €' },
  { reference: 'GU-2026-000002', date: '3 novembre 2026', total: '36,50 €' },
];

export default function StyleguideInterface() {
  const { notify } = useNotifications();
  const [modal, setModal] = useState<null | { footer: ModalFooterPosition; align: ModalAlignment; locked: boolean }>(
    null,
  );
  const [tableLoading, setTableLoading] = useState(true);

  return (
    <div className="container-page space-y-12 py-10">
      <header className="space-y-2">
        <h1 className="text-3xl font-extrabold text-slate-900">Composants de l'interface</h1>
        <p className="text-slate-700">
          Boutons, notifications, fenêtre modale et tableau du site, tels qu'ils s'affichent.
        </p>
      </header>

      <section aria-labelledby="boutons" className="space-y-4">
        <h2 id="boutons" className="text-2xl font-bold">
          Boutons
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          {BUTTON_VARIANTS.map((variant) => (
            <Button key={variant} variant={variant}>
              {variant}
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button disabled>Désactivé</Button>
          <Button loading>Envoi en cours</Button>
          <Button variant="action" icon={<ShoppingBag className="size-5" aria-hidden="true" />}>
            Acheter
          </Button>
        </div>
      </section>

      <section aria-labelledby="notifications" className="space-y-4">
        <h2 id="notifications" className="text-2xl font-bold">
          Exemples de notifications
        </h2>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            icon={<Bell className="size-5" aria-hidden="true" />}
            onClick={() => notify('Vos informations ont bien été enregistrées.', 'success')}
          >
            Notification de succès
          </Button>
          <Button
            variant="secondary"
            onClick={() => notify('Une erreur est survenu à la création de votre panier.', 'error')}
          >
            Notification d'erreur
          </Button>
        </div>
        <Form method="post" className="flex flex-wrap gap-3">
          <Button type="submit" variant="tertiary" name="issue" value="success">
            Envoyer au serveur (succès)
          </Button>
          <Button type="submit" variant="tertiary" name="issue" value="error">
            Envoyer au serveur (erreur)
          </Button>
        </Form>
      </section>

      <section aria-labelledby="modale" className="space-y-4">
        <h2 id="modale" className="text-2xl font-bold">
          Fenêtre modale
        </h2>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => setModal({ footer: 'right', align: 'center', locked: false })}>
            Ouvrir la modale
          </Button>
          <Button variant="secondary" onClick={() => setModal({ footer: 'spaced', align: 'start', locked: false })}>
            Modale en haut, pied réparti
          </Button>
          <Button variant="secondary" onClick={() => setModal({ footer: 'left', align: 'center', locked: true })}>
            Modale sans bouton de fermeture
          </Button>
        </div>
        {/* Content long enough for the page to scroll, to see that the body is locked while the modal is open. */}
        <div className="h-[120vh] rounded-xl bg-gradient-to-b from-brand-50 to-white p-6 text-slate-700">
          Faites défiler la page : elle ne bouge plus quand la modale est ouverte.
        </div>
      </section>

      <section aria-labelledby="redirections" className="space-y-4">
        <h2 id="redirections" className="text-2xl font-bold">
          Redirections
        </h2>
        <p className="text-slate-700">
          Chaque navigation demande à l'API si le chemin a changé d'adresse :{' '}
          <AppLink to="/billetterie-ancienne">ancienne page des billetteries</AppLink>.
        </p>
      </section>

      <section aria-labelledby="tableau" className="space-y-4">
        <h2 id="tableau" className="text-2xl font-bold">
          Tableau
        </h2>
        <Button variant="secondary" onClick={() => setTableLoading((value) => !value)}>
          {tableLoading ? 'Afficher les données' : 'Recharger'}
        </Button>
        <Table
          caption="Exemple de commandes"
          loading={tableLoading}
          rows={SAMPLE_ORDERS}
          rowKey={(row) => row.reference}
          columns={[
            { key: 'reference', header: 'Commande', cell: (row) => row.reference },
            { key: 'date', header: 'Date', cell: (row) => row.date },
            { key: 'total', header: 'Total', cell: (row) => row.total, align: 'right' },
          ]}
        />
      </section>

      <Modal
        open={modal !== null}
        onOpenChange={(open) => {
          if (!open) setModal(null);
        }}
        title="Panier vide"
        description="Votre panier ne contient aucun article pour le moment."
        align={modal?.align ?? 'center'}
        footerPosition={modal?.footer ?? 'right'}
        hideCloseButton={modal?.locked ?? false}
        footer={
          <>
            <Button variant="secondary" onClick={() => setModal(null)}>
              Commencer mes achats
            </Button>
            <Button onClick={() => setModal(null)}>Acheter</Button>
          </>
        }
      >
        <p className="text-slate-700">Découvrez les bons plans et les billetteries du moment.</p>
      </Modal>
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta({ title: "Composants de l'interface", robots: 'noindex' }, args);
