import type { TArticleVersion } from '#contract/blog';
import type { IllustrationScene } from '../features/spaces/illustrations';

/** A demo article: written for Escale's demo, published at a fixed past date, its cover drawn at seed time. */
export interface DemoArticle {
  slug: string;
  tags: string[];
  publishedAt: string;
  cover: { scene: IllustrationScene; color: string } | null;
  fr: TArticleVersion;
  en: TArticleVersion | null;
}

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    slug: 'travailler-pres-de-chez-soi',
    tags: ['télétravail', 'coworking'],
    publishedAt: '2026-09-08T07:30:00Z',
    cover: { scene: 'desk', color: '#4f46e5' },
    fr: {
      title: 'Travailler près de chez soi, deux jours par semaine',
      excerpt:
        'Ni tout au bureau, ni tout à la maison : pourquoi un poste à dix minutes de chez soi change la semaine, et comment s’y prendre.',
      coverAlt: 'Un poste de travail lumineux avec un ordinateur portable et une plante',
      body: `Le télétravail a tenu ses promesses sur un point : moins de trajets. Il en a déçu d'autres. La table de la cuisine fait un mauvais bureau, les appels s'enchaînent sans pause, et certains jours on ne parle à personne.

Entre le siège de l'entreprise et la maison, il existe une troisième adresse : l'espace de coworking du quartier ou du bourg voisin.

## Ce que l'on y gagne

- **Un vrai poste**, avec un écran, une chaise réglable et une connexion qui tient la visio.
- **Une coupure nette** entre le travail et la maison, sans une heure de transport.
- **Des voisins de bureau** : indépendants, salariés d'autres entreprises, associations. On échange une adresse, un conseil, parfois un client.

## Comment s'organiser

Beaucoup de membres d'Escale réservent les mêmes jours chaque semaine, par exemple le mardi et le jeudi. Un carnet de dix entrées suffit souvent pour commencer ; si l'habitude s'installe, un abonnement mensuel revient moins cher.

Pour trouver un lieu, [cherchez par ville](/search) et regardez les horaires : certains espaces ouvrent dès 7 h 30, d'autres le samedi.

> Le meilleur bureau est souvent celui où l'on arrive à pied.`,
    },
    en: {
      title: 'Working close to home, two days a week',
      excerpt:
        'Neither always at the office nor always at home: why a desk ten minutes away changes the week, and how to go about it.',
      coverAlt: 'A bright workstation with a laptop and a plant',
      body: `Remote work kept one promise: fewer commutes. It broke a few others. The kitchen table makes a poor desk, calls follow one another without a break, and on some days you speak to nobody.

Between the company's offices and home there is a third address: the coworking space in your neighbourhood or the next village.

## What you gain

- **A real desk**, with a screen, an adjustable chair and a connection that holds a video call.
- **A clean break** between work and home, without an hour on the train.
- **Desk neighbours**: freelancers, employees of other companies, charities. You swap an address, some advice, sometimes a client.

## How to organise it

Many Escale members book the same days every week, say Tuesday and Thursday. A pack of ten entries is often enough to start; once the habit sets in, a monthly membership costs less.

To find a place, [search by city](/search) and check the opening hours: some spaces open at 7:30, others on Saturdays.

> The best office is often the one you can walk to.`,
    },
  },
  {
    slug: 'reussir-sa-reunion-hors-les-murs',
    tags: ['réunions', 'conseils'],
    publishedAt: '2026-10-06T07:30:00Z',
    cover: { scene: 'meeting_room', color: '#0f766e' },
    fr: {
      title: 'Réussir sa réunion hors les murs',
      excerpt:
        'Une équipe dispersée, une journée pour se retrouver : cinq points à régler avant de réserver une salle de réunion.',
      coverAlt: 'Une salle de réunion avec une grande table et un écran',
      body: `Quand une équipe travaille à distance, la réunion en personne devient un moment rare. Autant qu'elle soit réussie.

## 1. Choisir le lieu au milieu

Placez chacun sur une carte et cherchez la ville la plus simple pour tout le monde, pas forcément la plus grande. Une gare desservie vaut mieux qu'un centre-ville embouteillé.

## 2. Réserver la bonne taille

Une salle pour huit personnes quand on est quatre, c'est un écho désagréable ; une salle pour quatre quand on est six, c'est une longue journée. Sur Escale, la capacité de chaque salle est indiquée, et la recherche filtre par nombre de personnes.

## 3. Prévoir la demi-journée plutôt que l'heure

Les tarifs à la demi-journée ou à la journée sont souvent plus avantageux dès trois heures. Le prix est calculé et affiché avant de confirmer.

## 4. Vérifier l'équipement

Écran, tableau blanc, visioconférence pour ceux qui ne peuvent pas venir : tout figure sur la page de la salle.

## 5. Garder une marge

Les espaces fixent un délai d'annulation gratuite, par exemple 24 heures. Notez-le dans l'agenda de l'équipe : vos réservations peuvent s'y ajouter toutes seules grâce au flux de calendrier.`,
    },
    en: {
      title: 'Getting an off-site meeting right',
      excerpt: 'A scattered team, one day to meet: five things to settle before booking a meeting room.',
      coverAlt: 'A meeting room with a large table and a screen',
      body: `When a team works remotely, meeting in person becomes rare. It may as well go well.

## 1. Meet in the middle

Put everyone on a map and look for the town that is easiest for all, not necessarily the biggest. A well-served station beats a congested city centre.

## 2. Book the right size

A room for eight when you are four means an unpleasant echo; a room for four when you are six means a long day. On Escale each room shows its capacity, and search filters by number of people.

## 3. Think half day rather than hour

Half-day or day rates are often cheaper from three hours on. The price is worked out and shown before you confirm.

## 4. Check the equipment

Screen, whiteboard, video calls for those who cannot come: it is all on the room's page.

## 5. Leave yourself some slack

Spaces set a free-cancellation deadline, for example 24 hours. Put it in the team's calendar: your bookings can land there by themselves through the calendar feed.`,
    },
  },
  {
    slug: 'ouvrir-un-tiers-lieu-premiers-mois',
    tags: ['gestion', 'coworking'],
    publishedAt: '2026-10-27T07:30:00Z',
    cover: { scene: 'lounge', color: '#b45309' },
    fr: {
      title: 'Ouvrir un tiers-lieu : ce que nous ont appris les premiers mois',
      excerpt:
        'Des gérants d’espaces racontent leurs débuts : les horaires, les prix, les premiers membres et ce qu’ils referaient autrement.',
      coverAlt: 'Un salon avec des fauteuils et une bibliothèque',
      body: `Nous avons demandé à des gérants d'espaces qui utilisent Escale ce qu'ils auraient aimé savoir en ouvrant. Voici ce qui revient le plus souvent.

## Commencer avec des horaires simples

Des horaires larges rassurent, mais un lieu vide le soir coûte cher. Plusieurs gérants ont commencé par 8 h 30 – 18 h 30 en semaine, puis ont ajouté des plages selon les réservations. Sur Escale, un jour peut compter plusieurs plages, et les fermetures exceptionnelles s'ajoutent en quelques clics.

## Un prix d'appel, pas un prix cassé

Le pass journée fait venir ; l'abonnement fait vivre. Un pass journée trop bas rend l'abonnement difficile à justifier. Comparez avec les espaces voisins, et pensez à la TVA : les prix affichés aux membres sont toutes taxes comprises.

## Les premiers membres font le lieu

Les premiers arrivés donnent le ton. Présentez-les les uns aux autres, organisez un petit-déjeuner mensuel, et laissez-les proposer des événements.

## Valider ou non les réservations ?

La validation manuelle rassure au début, puis devient une corvée. Beaucoup l'ont gardée pour la grande salle seulement.

Vous gérez un espace ? [Découvrez le logiciel](/software) ou [consultez les tarifs](/pricing).`,
    },
    en: {
      title: 'Opening a community workspace: what the first months taught us',
      excerpt:
        'Space managers look back on their beginnings: opening hours, prices, first members and what they would do differently.',
      coverAlt: 'A lounge with armchairs and a bookcase',
      body: `We asked managers who run their spaces with Escale what they wish they had known when they opened. Here is what came up most.

## Start with simple opening hours

Long hours are reassuring, but an empty space in the evening is expensive. Several managers started with 8:30 to 18:30 on weekdays, then added slots as bookings came in. On Escale a day can have several time slots, and one-off closures take a few clicks.

## An entry price, not a giveaway

The day pass brings people in; memberships keep the place going. A day pass that is too cheap makes the membership hard to justify. Compare with nearby spaces, and mind VAT: prices shown to members include all taxes.

## Your first members make the place

The first to arrive set the tone. Introduce them to each other, hold a monthly breakfast, and let them suggest events.

## Approve bookings or not?

Manual approval is reassuring at first, then becomes a chore. Many kept it for the large room only.

Do you run a space? [Discover the software](/software) or [see the prices](/pricing).`,
    },
  },
  {
    slug: 'trajets-evites-et-bilan-carbone',
    tags: ['télétravail', 'environnement'],
    publishedAt: '2026-11-17T07:30:00Z',
    cover: null,
    fr: {
      title: 'Combien de CO₂ évite un poste près de chez soi ?',
      excerpt:
        'Un aller-retour en voiture évité deux fois par semaine, cela pèse combien sur une année ? Notre calculateur répond, sources à l’appui.',
      coverAlt: '',
      body: `Le trajet domicile-travail est souvent le premier poste d'émissions d'un salarié de bureau. Travailler dans un espace proche de chez soi, même deux jours par semaine, le réduit nettement.

## Un exemple

Prenons 25 km par trajet en voiture thermique, deux jours par semaine, 45 semaines par an : cela fait 4 500 km évités. Avec les facteurs d'émission publiés par l'ADEME, l'économie se compte en centaines de kilos de CO₂ par an.

## À vous de calculer

Notre [calculateur de CO₂](/co2) prend votre distance, votre mode de transport et le nombre de jours par semaine. Les facteurs qu'il utilise sont cités sur la page, avec leur source.

Ce chiffre ne dit pas tout : le temps retrouvé, lui, ne se mesure pas en kilos.`,
    },
    en: null,
  },
];
