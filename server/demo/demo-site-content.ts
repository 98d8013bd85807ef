import type { TFaqEntryInput, TPartnerInput } from '#contract/site-content';

/**
 * The FAQ and the partners page as Escale ships them (they lived in the `content` catalogs until admins
 * could edit them: docs/decisions/024-blog-and-admin-content.md). Answers are Markdown; links are the
 * site's own paths.
 */
export const DEMO_FAQ: Array<Omit<TFaqEntryInput, 'published'>> = [
  {
    topic: 'booking',
    position: 0,
    questionFr: 'Comment réserver une salle ou un poste ?',
    answerFr:
      "Cherchez par ville, date et nombre de personnes, ouvrez la page d'une salle et choisissez un créneau libre dans son calendrier. Le prix s'affiche avant que vous confirmiez ; la réservation apparaît ensuite dans vos réservations.",
    questionEn: 'How do I book a room or a desk?',
    answerEn:
      "Search by city, date and number of people, open a room's page and pick a free slot in its calendar. The price is shown before you confirm; the booking then appears in your bookings.",
  },
  {
    topic: 'booking',
    position: 10,
    questionFr: 'Faut-il un compte pour réserver ?',
    answerFr:
      'Oui. Sans compte, vous pouvez parcourir les espaces, les événements et les prix ; pour réserver, vous inscrire à un événement ou acheter une formule, il faut un compte confirmé par e-mail. [Le créer](/auth/Signup) est gratuit.',
    questionEn: 'Do I need an account to book?',
    answerEn:
      'Yes. Without an account you can browse spaces, events and prices; to book, register for an event or buy a formula, you need an account confirmed by e-mail. [Creating one](/auth/Signup) is free.',
  },
  {
    topic: 'booking',
    position: 20,
    questionFr: 'Pourquoi ma réservation est-elle « en attente » ?',
    answerFr:
      "Certains espaces valident chaque demande. Votre réservation reste en attente jusqu'à leur réponse, et vous êtes prévenu quand elle est confirmée ou refusée. Sans réponse dans le délai fixé par l'espace, la demande expire et le créneau est libéré.",
    questionEn: 'Why is my booking “pending”?',
    answerEn:
      'Some spaces approve every request. Your booking stays pending until they answer, and you are told when it is confirmed or declined. Without an answer within the time the space sets, the request expires and the slot is freed.',
  },
  {
    topic: 'booking',
    position: 30,
    questionFr: 'Puis-je choisir mon poste dans un open space ?',
    answerFr:
      "Vous pouvez réserver un poste précis ou choisir « n'importe quel poste » : Escale vous attribue alors un poste libre pour toute la durée demandée.",
    questionEn: 'Can I choose my desk in an open space?',
    answerEn:
      'You can book a specific desk or choose “any desk”: Escale then gives you a desk that is free for the whole time you asked for.',
  },
  {
    topic: 'booking',
    position: 40,
    questionFr: 'Comment retrouver mes réservations dans mon agenda ?',
    answerFr:
      "Chaque réservation confirmée peut être ajoutée à votre agenda. Vos réservations donnent aussi l'adresse d'un flux de calendrier (ICS) à ajouter à Google Agenda, Outlook ou Calendrier : vos réservations s'y mettent à jour d'elles-mêmes.",
    questionEn: 'How do I get my bookings into my calendar?',
    answerEn:
      'Each confirmed booking can be added to your calendar. Your bookings page also gives the address of a calendar feed (ICS) to add to Google Calendar, Outlook or Apple Calendar: your bookings then update there by themselves.',
  },
  {
    topic: 'cancelling',
    position: 0,
    questionFr: 'Comment annuler une réservation ?',
    answerFr:
      'Ouvrez vos réservations et choisissez « Annuler » sur celle qui ne tient plus. Le créneau est aussitôt rendu aux autres membres.',
    questionEn: 'How do I cancel a booking?',
    answerEn:
      'Open your bookings and choose “Cancel” on the one you no longer need. The slot goes straight back to other members.',
  },
  {
    topic: 'cancelling',
    position: 10,
    questionFr: "L'annulation est-elle gratuite ?",
    answerFr:
      "Oui, jusqu'au délai fixé par chaque espace, par exemple 24 heures avant le début ; ce délai est affiché avant que vous confirmiez. Passé ce délai, l'espace peut facturer la réservation. Une réservation payée avec le crédit d'une formule et annulée à temps vous rend ce crédit.",
    questionEn: 'Is cancelling free?',
    answerEn:
      "Yes, until the deadline each space sets, for example 24 hours before the start; the deadline is shown before you confirm. After it, the space may charge for the booking. A booking paid with a formula's credit and cancelled in time gives you that credit back.",
  },
  {
    topic: 'cancelling',
    position: 20,
    questionFr: 'Un événement est complet : que se passe-t-il si une place se libère ?',
    answerFr:
      "Inscrivez-vous sur sa liste d'attente. Dès qu'un participant annule, la première personne de la liste obtient sa place et en est prévenue. Vous pouvez quitter la liste à tout moment.",
    questionEn: 'An event is full: what happens if a place frees up?',
    answerEn:
      'Join its waiting list. As soon as a participant cancels, the first person on the list gets the place and is told so. You can leave the list at any time.',
  },
  {
    topic: 'cancelling',
    position: 30,
    questionFr: "Et si c'est l'espace qui annule ?",
    answerFr:
      "Vous êtes prévenu et la réservation ne vous est pas facturée ; si vous l'aviez payée avec un crédit, il vous est rendu.",
    questionEn: 'What if the space cancels?',
    answerEn:
      'You are told so and are not charged for the booking; if you paid for it with credit, the credit is given back.',
  },
  {
    topic: 'paying',
    position: 0,
    questionFr: 'Comment paie-t-on ?',
    answerFr:
      "Vous réglez directement l'espace, sur place ou par virement selon ce qu'il accepte, et il enregistre votre paiement. Une réservation peut aussi être payée avec le crédit d'une formule. Escale ne prend aucune commission sur ce que vous payez.",
    questionEn: 'How do I pay?',
    answerEn:
      "You pay the space directly, on site or by bank transfer as it accepts, and it records your payment. A booking can also be paid with a formula's credit. Escale takes no commission on what you pay.",
  },
  {
    topic: 'paying',
    position: 10,
    questionFr: 'Les prix affichés sont-ils TTC ?',
    answerFr:
      'Oui : les prix des réservations, des formules et des événements sont affichés toutes taxes comprises, et la TVA est détaillée sur la facture. Seuls les tarifs du logiciel destiné aux gestionnaires, des professionnels, sont présentés hors taxes, avec leur équivalent TTC.',
    questionEn: 'Do displayed prices include VAT?',
    answerEn:
      'Yes: the prices of bookings, formulas and events include all taxes, and the VAT is detailed on the invoice. Only the prices of the software for managers, who are professionals, are shown excluding VAT, with the VAT-inclusive amount next to them.',
  },
  {
    topic: 'paying',
    position: 20,
    questionFr: "Comment le prix d'une réservation est-il calculé ?",
    answerFr:
      "À partir des tarifs de la salle (à l'heure, à la demi-journée ou à la journée) et de la durée choisie. Il est calculé par nos serveurs au moment de la réservation et affiché avant que vous confirmiez.",
    questionEn: "How is a booking's price worked out?",
    answerEn:
      "From the room's rates (by the hour, half day or day) and the length you choose. It is computed by our servers when you book and shown before you confirm.",
  },
  {
    topic: 'invoices',
    position: 0,
    questionFr: 'Où trouver mes factures ?',
    answerFr:
      'Dans vos documents, avec les fichiers que vos espaces partagent avec vous. Chaque facture se télécharge en PDF.',
    questionEn: 'Where do I find my invoices?',
    answerEn:
      'In your documents, with the files your spaces share with you. Each invoice downloads as a PDF.',
  },
  {
    topic: 'invoices',
    position: 10,
    questionFr: 'Mes factures sont-elles valables pour ma comptabilité ?',
    answerFr:
      "Oui. Elles portent un numéro unique qui se suit sans trou, par espace et par année (par exemple F-2026-000123), les coordonnées de l'espace, le détail des lignes, la TVA et les mentions qu'exige une facture française.",
    questionEn: 'Are my invoices valid for my accounts?',
    answerEn:
      "Yes. They carry a unique number that runs without gaps, per space and per year (for example F-2026-000123), the space's details, the lines, the VAT and the particulars a French invoice requires.",
  },
  {
    topic: 'invoices',
    position: 20,
    questionFr: 'Ma facture contient une erreur : que faire ?',
    answerFr:
      "Une facture émise ne peut plus être modifiée : c'est la règle comptable. Contactez l'espace qui l'a émise ; il la corrigera par un avoir et, si besoin, une nouvelle facture.",
    questionEn: 'My invoice has a mistake: what should I do?',
    answerEn:
      'An invoice, once issued, can no longer be changed: that is the accounting rule. Contact the space that issued it; it will correct it with a credit note and, if needed, a new invoice.',
  },
  {
    topic: 'formulas',
    position: 0,
    questionFr: 'Quelles formules peut-on acheter ?',
    answerFr:
      "Chaque espace choisit les siennes : pass journée, carnet d'entrées ou d'heures valable un certain nombre de jours, abonnement mensuel ou annuel avec des heures de salle incluses. La page d'une formule indique ce qu'elle couvre : postes, salles de réunion, bureaux.",
    questionEn: 'What formulas can I buy?',
    answerEn:
      "Each space chooses its own: a day pass, a pack of entries or hours valid for a number of days, a monthly or yearly membership with room hours included. A formula's page says what it covers: desks, meeting rooms, offices.",
  },
  {
    topic: 'formulas',
    position: 10,
    questionFr: 'Comment utiliser le crédit de ma formule ?',
    answerFr:
      "Au moment de réserver, choisissez de payer avec votre formule, si elle couvre ce type de salle. Vos formules indiquent le crédit restant et l'historique de chaque débit et de chaque remboursement.",
    questionEn: "How do I use my formula's credit?",
    answerEn:
      'When you book, choose to pay with your formula, if it covers that kind of room. Your formulas show the credit left and the history of every debit and every refund.',
  },
  {
    topic: 'formulas',
    position: 20,
    questionFr: 'Comment renouveler ou arrêter un abonnement ?',
    answerFr:
      "Vos formules indiquent la période en cours et permettent de renouveler ou d'arrêter un abonnement. Un carnet, lui, expire à la fin de sa durée de validité, même s'il lui reste du crédit : pensez à l'utiliser avant.",
    questionEn: 'How do I renew or stop a membership?',
    answerEn:
      'Your formulas show the current period and let you renew or stop a membership. A pack expires at the end of its validity, even if credit is left: remember to use it before then.',
  },
  {
    topic: 'managers',
    position: 0,
    questionFr: 'Je gère un espace : comment le publier sur Escale ?',
    answerFr:
      "Créez un compte et choisissez « Je gère un espace » : un assistant vous fait décrire l'espace, ses salles, ses horaires et ses formules, puis le publier. Les prix du logiciel sont sur la page [Tarifs](/pricing).",
    questionEn: 'I run a space: how do I list it on Escale?',
    answerEn:
      "Create an account and choose “I run a space”: a wizard has you describe the space, its rooms, opening hours and formulas, then publish it. The software's prices are on the [Pricing](/pricing) page.",
  },
  {
    topic: 'managers',
    position: 10,
    questionFr: 'Que comprend le logiciel de gestion ?',
    answerFr:
      "Salles et postes, horaires et fermetures, formules, événements, membres, validations, documents, factures, statistiques d'occupation et de chiffre d'affaires, et votre image : sous-domaine et couleur. Tout est détaillé sur la page [Logiciel](/software).",
    questionEn: 'What does the management software include?',
    answerEn:
      'Rooms and desks, opening hours and closures, formulas, events, members, approvals, documents, invoices, occupancy and revenue statistics, and your brand: subdomain and colour. It is all detailed on the [Software](/software) page.',
  },
  {
    topic: 'managers',
    position: 20,
    questionFr: 'Escale prend-il une commission sur les réservations ?',
    answerFr:
      "Non. Le gestionnaire paie un abonnement fixe ; les réservations, les formules et les événements sont payés directement à l'espace.",
    questionEn: 'Does Escale take a commission on bookings?',
    answerEn:
      'No. The manager pays a fixed subscription; bookings, formulas and events are paid directly to the space.',
  },
  {
    topic: 'managers',
    position: 30,
    questionFr: 'Peut-on gérer un espace à plusieurs ?',
    answerFr:
      "Oui. Le propriétaire d'un espace peut nommer d'autres gestionnaires ; chacun agit avec son propre compte, et le fil d'activité garde la trace de qui a fait quoi.",
    questionEn: 'Can several people run a space?',
    answerEn:
      "Yes. A space's owner can appoint other managers; each acts with their own account, and the activity feed keeps track of who did what.",
  },
  {
    topic: 'account',
    position: 0,
    questionFr: 'Comment changer de langue ?',
    answerFr:
      'Avec le sélecteur FR / EN en haut de chaque page, ou dans votre profil. Escale existe en français et en anglais.',
    questionEn: 'How do I change the language?',
    answerEn:
      'With the FR / EN switch at the top of every page, or in your profile. Escale is available in French and English.',
  },
  {
    topic: 'account',
    position: 10,
    questionFr: "J'ai oublié mon mot de passe.",
    answerFr:
      'Sur la page de connexion, choisissez « Mot de passe oublié ». Vous recevez par e-mail un lien valable une heure et utilisable une seule fois ; une fois le mot de passe changé, vos autres sessions sont fermées.',
    questionEn: 'I forgot my password.',
    answerEn:
      'On the sign-in page, choose “Forgot password”. You receive by e-mail a link that is valid for one hour and works once; once the password is changed, your other sessions are closed.',
  },
  {
    topic: 'account',
    position: 20,
    questionFr: 'Qui voit mon profil ?',
    answerFr:
      "Les espaces où vous réservez voient votre nom et votre e-mail. Les autres membres ne voient votre profil que si vous choisissez d'apparaître dans l'annuaire de la communauté, et seulement ceux des espaces auxquels vous appartenez.",
    questionEn: 'Who sees my profile?',
    answerEn:
      'The spaces where you book see your name and e-mail address. Other members see your profile only if you choose to appear in the community directory, and only those of the spaces you belong to.',
  },
  {
    topic: 'account',
    position: 30,
    questionFr: 'Comment récupérer ou supprimer mes données ?',
    answerFr:
      "Votre profil permet de télécharger toutes vos données dans un fichier JSON et de supprimer votre compte. La suppression efface vos données personnelles ; les factures sont gardées dix ans, comme la loi l'exige. Le détail est dans [Vos données personnelles](/terms#privacy).",
    questionEn: 'How do I get or delete my data?',
    answerEn:
      'Your profile lets you download all your data as a JSON file and delete your account. Deleting it erases your personal data; invoices are kept for ten years, as the law requires. The details are in [Your personal data](/terms#privacy).',
  },
  {
    topic: 'account',
    position: 40,
    questionFr: 'Quels cookies utilisez-vous ?',
    answerFr:
      "Ceux qui sont nécessaires au site (langue, session), et la mesure d'audience et la publicité seulement si vous les acceptez. Tout est expliqué dans la [politique de cookies](/terms#cookies).",
    questionEn: 'Which cookies do you use?',
    answerEn:
      'Those the site needs (language, session), plus audience measurement and advertising only if you accept them. It is all explained in the [cookie policy](/terms#cookies).',
  },
];

export const DEMO_PARTNERS: Array<Omit<TPartnerInput, 'published'>> = [
  {
    icon: 'network',
    position: 0,
    nameFr: 'Réseaux de coworking',
    bodyFr:
      "Vous animez plusieurs espaces, sous une même marque ou en réseau d'indépendants ? Gérez-les avec un seul compte et suivez-les ensemble.\n\n- Un tableau de bord par espace, et une vue d'ensemble\n- Chaque espace garde sa page, ses prix et sa couleur\n- Une mise en route accompagnée pour vos équipes",
    nameEn: 'Coworking networks',
    bodyEn:
      'You run several spaces, under one brand or as a network of independents? Manage them with a single account and follow them together.\n\n- A dashboard for each space, and an overall view\n- Each space keeps its own page, prices and colour\n- Guided onboarding for your teams',
    websiteUrl: null,
  },
  {
    icon: 'landmark',
    position: 10,
    nameFr: 'Collectivités locales',
    bodyFr:
      "Communes, intercommunalités, départements et régions soutiennent des tiers-lieux pour faire vivre les centres-bourgs et raccourcir les trajets. Escale rend ces lieux visibles et réservables.\n\n- Les lieux de votre territoire réunis dans une même recherche\n- Des statistiques d'occupation pour suivre leur usage\n- Un calcul des trajets évités à partager avec les habitants",
    nameEn: 'Local authorities',
    bodyEn:
      "Towns, groups of towns, departments and regions support community workspaces to keep town centres alive and shorten commutes. Escale makes these places visible and bookable.\n\n- Your area's places gathered in a single search\n- Occupancy statistics to follow how they are used\n- A calculation of trips avoided to share with residents",
    websiteUrl: null,
  },
  {
    icon: 'building',
    position: 20,
    nameFr: 'Entreprises',
    bodyFr:
      "Vos salariés télétravaillent ? Offrez-leur un poste près de chez eux les jours où la maison ne s'y prête pas, et des salles pour réunir les équipes là où elles vivent.\n\n- Des salles de réunion partout où vivent vos équipes\n- Des factures conformes, une par espace, pour votre comptabilité\n- Moins de trajets domicile-travail dans votre bilan carbone",
    nameEn: 'Companies',
    bodyEn:
      'Your employees work from home? Offer them a desk near home on the days home does not work, and rooms to bring teams together where they live.\n\n- Meeting rooms wherever your teams live\n- Compliant invoices, one per space, for your accounts\n- Fewer commutes in your carbon footprint',
    websiteUrl: null,
  },
];
