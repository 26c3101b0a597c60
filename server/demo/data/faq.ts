import type { FaqTopic } from '#contract/support';
import type { Language } from '#contract/language';

/* The support page's FAQ, in the three languages, in display order. Data only; written by ../seeding/faq.ts. */

type FaqText = { question: string; answer: string };

/** One question in every language; `slug` names it in all of them (deep links), `topic` groups it on the page. */
type FaqItem = { slug: string; topic: FaqTopic } & Record<Language, FaqText>;

// Real answers that match the product's rules (docs/product/limits.md), so the support page is useful in the demo.
export const FAQ_ENTRIES: FaqItem[] = [
  {
    slug: 'follow-usage',
    topic: 'usage',
    fr: {
      question: 'Comment suivre ma consommation ?',
      answer:
        'Dans « Consommation », vous voyez vos données, appels et SMS du cycle de facturation en cours, avec ce qu’il reste dans votre forfait. Vous pouvez aussi consulter la facture précédente ou choisir une période. Les chiffres peuvent avoir quelques heures de retard.',
    },
    nl: {
      question: 'Hoe volg ik mijn verbruik op?',
      answer:
        'Onder ‘Verbruik’ ziet u uw data, gesprekken en sms’en van de lopende factuurperiode en wat er nog in uw bundel zit. U kunt ook de vorige factuur of een zelfgekozen periode bekijken. De cijfers kunnen enkele uren achterlopen.',
    },
    en: {
      question: 'How do I follow my usage?',
      answer:
        'Under “Consumption” you see the data, calls and texts of the current bill cycle and what is left in your bundle. You can also look at the previous bill or pick a period. Figures may lag a few hours behind.',
    },
  },
  {
    slug: 'out-of-bundle',
    topic: 'usage',
    fr: {
      question: 'Que sont les coûts hors forfait et comment les limiter ?',
      answer:
        'Ce sont les appels internationaux, services premium et données hors zone qui ne sont pas inclus dans votre abonnement. Dans « Profil » › « Limites de dépenses », fixez une limite hors forfait et une alerte : une nouvelle limite est active en 2 minutes. Vous pouvez aussi bloquer les services premium.',
    },
    nl: {
      question: 'Wat zijn kosten buiten bundel en hoe beperk ik ze?',
      answer:
        'Dat zijn internationale gesprekken, premiumdiensten en data buiten uw zone die niet in uw abonnement zitten. Stel onder ‘Profiel’ › ‘Uitgavenlimieten’ een limiet en een waarschuwing in: een nieuwe limiet is binnen 2 minuten actief. U kunt premiumdiensten ook blokkeren.',
    },
    en: {
      question: 'What are out-of-bundle costs and how do I cap them?',
      answer:
        'They are international calls, premium services and data outside your zone that your plan does not include. Set an out-of-bundle limit and an alert under “Profile” › “Spending limits”: a new limit is active within 2 minutes. You can also block premium services.',
    },
  },
  {
    slug: 'pay-invoice',
    topic: 'billing',
    fr: {
      question: 'Quand et comment payer ma facture ?',
      answer:
        'Votre facture est émise au début de chaque cycle et doit être payée dans les 15 jours. Par virement, utilisez toujours la communication structurée (+++…+++) indiquée sur la facture. Avec la domiciliation, le montant est prélevé automatiquement à l’échéance.',
    },
    nl: {
      question: 'Wanneer en hoe betaal ik mijn factuur?',
      answer:
        'Uw factuur wordt aan het begin van elke periode opgemaakt en moet binnen 15 dagen betaald worden. Gebruik bij een overschrijving altijd de gestructureerde mededeling (+++…+++) op de factuur. Met domiciliëring wordt het bedrag automatisch op de vervaldag afgehouden.',
    },
    en: {
      question: 'When and how do I pay my invoice?',
      answer:
        'Your invoice is issued at the start of each cycle and is due within 15 days. When paying by bank transfer, always use the structured communication (+++…+++) printed on the invoice. With direct debit the amount is collected automatically on the due date.',
    },
  },
  {
    slug: 'direct-debit',
    topic: 'billing',
    fr: {
      question: 'Comment activer la domiciliation ?',
      answer:
        'Dans « Paramètres › Paiement », choisissez la domiciliation, saisissez l’IBAN et le BIC d’un compte européen et acceptez le mandat. La domiciliation s’applique à la prochaine facture ; un crédit éventuel est remboursé sous 14 jours.',
    },
    nl: {
      question: 'Hoe activeer ik domiciliëring?',
      answer:
        'Kies onder ‘Instellingen › Betaling’ voor domiciliëring, vul de IBAN en BIC van een Europese rekening in en aanvaard het mandaat. De domiciliëring geldt vanaf de volgende factuur; een eventueel tegoed wordt binnen 14 dagen terugbetaald.',
    },
    en: {
      question: 'How do I set up direct debit?',
      answer:
        'Under “Settings › Payment”, choose direct debit, enter the IBAN and BIC of a European account and accept the mandate. It applies from the next invoice; any credit is refunded within 14 days.',
    },
  },
  {
    slug: 'abroad',
    topic: 'abroad',
    fr: {
      question: 'Puis-je utiliser mon abonnement à l’étranger ?',
      answer:
        'Dans l’Union européenne, vous utilisez votre forfait comme en Belgique (itinérance, ou roaming, aux tarifs belges) ; hors UE, appels, SMS et données sont facturés hors forfait. Choisissez votre zone de roaming (monde, UE avec ou sans la Suisse, appels et SMS seulement, aucune) dans « Profil » › « Réseau et étranger ». Un changement de zone peut prendre jusqu’à 4 heures : faites-le avant de partir.',
    },
    nl: {
      question: 'Kan ik mijn abonnement in het buitenland gebruiken?',
      answer:
        'In de Europese Unie gebruikt u uw bundel zoals in België (roaming tegen Belgische tarieven); buiten de EU worden bellen, sms en data buiten de bundel aangerekend. Kies uw roamingzone (wereld, EU met of zonder Zwitserland, enkel bellen en sms, geen) onder ‘Profiel’ › ‘Netwerk en buitenland’. Een zonewijziging kan tot 4 uur duren: doe het vóór vertrek.',
    },
    en: {
      question: 'Can I use my plan abroad?',
      answer:
        'In the European Union you use your bundle as you do in Belgium (roaming at Belgian rates); outside the EU, calls, texts and data are billed out of bundle. Choose your roaming zone (world, EU with or without Switzerland, calls and texts only, none) under “Profile” › “Network and abroad”. A zone change can take up to 4 hours, so do it before you leave.',
    },
  },
  {
    slug: 'roaming-costs',
    topic: 'abroad',
    fr: {
      question: 'Combien coûtent l’itinérance (roaming) et les données mobiles à l’étranger ?',
      answer:
        'Dans l’UE (et en Suisse si votre zone l’inclut), vos appels, SMS et données sont décomptés de votre forfait comme en Belgique, sans supplément. Hors de l’UE, tout est facturé hors forfait : fixez une limite de dépenses avant de partir, et choisissez « appels et SMS seulement » pour couper les données. Les appels et SMS reçus ne sont jamais décomptés de votre forfait.',
    },
    nl: {
      question: 'Wat kosten roaming en mobiele data in het buitenland?',
      answer:
        'In de EU (en in Zwitserland als uw zone het bevat) worden uw gesprekken, sms’en en data van uw bundel afgetrokken zoals in België, zonder toeslag. Buiten de EU wordt alles buiten de bundel aangerekend: stel vóór vertrek een uitgavenlimiet in, en kies ‘enkel bellen en sms’ om data uit te schakelen. Ontvangen oproepen en sms’en tellen nooit mee voor uw bundel.',
    },
    en: {
      question: 'What do roaming and mobile data abroad cost?',
      answer:
        'In the EU (and in Switzerland if your zone includes it), your calls, texts and data come out of your bundle as in Belgium, at no extra cost. Outside the EU, everything is billed out of bundle: set a spending limit before you leave, and choose “calls and texts only” to switch data off. Incoming calls and texts never count against your bundle.',
    },
  },
  {
    slug: 'esim',
    topic: 'sim',
    fr: {
      question: 'Puis-je avoir une eSIM ?',
      answer:
        'Oui, si votre téléphone accepte l’eSIM. Appelez le service clientèle au {{serviceNumber}} : nous vous envoyons par e-mail un code QR à scanner dans les réglages de votre téléphone (Réseau mobile › Ajouter une eSIM). Votre numéro, votre abonnement et vos codes PIN et PUK restent les mêmes ; l’ancienne carte SIM cesse de fonctionner dès que l’eSIM est active.',
    },
    nl: {
      question: 'Kan ik een eSIM krijgen?',
      answer:
        'Ja, als uw toestel eSIM ondersteunt. Bel de klantendienst op {{serviceNumber}}: we mailen u een QR-code die u scant in de instellingen van uw toestel (Mobiel netwerk › eSIM toevoegen). Uw nummer, abonnement en pin- en PUK-codes blijven dezelfde; de oude simkaart werkt niet meer zodra de eSIM actief is.',
    },
    en: {
      question: 'Can I get an eSIM?',
      answer:
        'Yes, if your phone supports eSIM. Call customer service on {{serviceNumber}}: we e-mail you a QR code to scan in your phone’s settings (Mobile network › Add eSIM). Your number, plan and PIN and PUK codes stay the same; the old SIM card stops working as soon as the eSIM is active.',
    },
  },
  {
    slug: 'number-transfer',
    topic: 'sim',
    fr: {
      question: 'Comment garder mon numéro en venant d’un autre opérateur (transfert de numéro) ?',
      answer:
        'À l’activation de votre carte SIM, choisissez « Garder mon numéro » et indiquez votre numéro actuel avec votre numéro de client chez l’autre opérateur (ou le numéro de sa carte SIM). Le transfert prend jusqu’à 48 heures ; votre ancien abonnement est résilié automatiquement, vous n’avez rien à faire chez l’autre opérateur.',
    },
    nl: {
      question: 'Hoe behoud ik mijn nummer als ik van een andere operator kom (nummeroverdracht)?',
      answer:
        'Kies bij het activeren van uw simkaart ‘Mijn nummer behouden’ en vul uw huidige nummer in met uw klantnummer bij de andere operator (of het nummer van die simkaart). De overdracht duurt tot 48 uur; uw oude abonnement wordt automatisch opgezegd, u hoeft niets te doen bij de andere operator.',
    },
    en: {
      question: 'How do I keep my number when I come from another operator (number transfer)?',
      answer:
        'When you activate your SIM card, choose “Keep my number” and enter your current number with your customer number at the other operator (or the number of its SIM card). The transfer takes up to 48 hours; your old plan is ended automatically, you have nothing to do at the other operator.',
    },
  },
  {
    slug: 'end-contract',
    topic: 'account',
    fr: {
      question: 'Comment résilier mon abonnement ?',
      answer:
        'Pour résilier, appelez le service clientèle au {{serviceNumber}} : la résiliation est gratuite et prend effet le jour que vous choisissez. Pour passer chez un autre opérateur en gardant votre numéro, ne résiliez pas : demandez le transfert chez le nouvel opérateur, qui résilie pour vous. Vos dernières consommations figurent sur une dernière facture.',
    },
    nl: {
      question: 'Hoe zeg ik mijn abonnement op?',
      answer:
        'Om op te zeggen belt u de klantendienst op {{serviceNumber}}: opzeggen is gratis en gaat in op de dag die u kiest. Wilt u naar een andere operator met behoud van uw nummer, zeg dan niet op: vraag de overdracht aan bij de nieuwe operator, die voor u opzegt. Uw laatste verbruik staat op een laatste factuur.',
    },
    en: {
      question: 'How do I end my contract?',
      answer:
        'To end your contract, call customer service on {{serviceNumber}}: ending it is free and takes effect on the day you choose. To move to another operator and keep your number, do not end it: ask the new operator for the transfer, and it ends the contract for you. Your last usage appears on a final invoice.',
    },
  },
  {
    slug: 'find-invoice',
    topic: 'billing',
    fr: {
      question: 'Où trouver et télécharger mes factures ?',
      answer:
        'Dans « Factures », vous voyez vos factures ouvertes et l’historique des factures payées. Chaque facture se télécharge en PDF ; une facture déjà ouverte reste lisible hors ligne. Une facture est émise au début de chaque cycle ; vous recevez aussi un e-mail si l’alerte « facture » est active.',
    },
    nl: {
      question: 'Waar vind en download ik mijn facturen?',
      answer:
        'Onder ‘Facturen’ ziet u uw openstaande facturen en de geschiedenis van betaalde facturen. Elke factuur kunt u als pdf downloaden; een factuur die u al opende, blijft offline leesbaar. Een factuur wordt aan het begin van elke cyclus opgemaakt; u krijgt ook een e-mail als de melding ‘factuur’ aanstaat.',
    },
    en: {
      question: 'Where do I find and download my invoices?',
      answer:
        'Under “Bills” you see your open invoices and the history of paid ones. Each invoice downloads as a PDF; an invoice you already opened stays readable offline. An invoice is issued at the start of each cycle; you also get an e-mail if the “invoice” alert is on.',
    },
  },
  {
    slug: 'activate-sim',
    topic: 'sim',
    fr: {
      question: 'Comment activer ma carte SIM ?',
      answer:
        'Allez sur « Activer ma SIM », saisissez votre numéro de client, de commande (O-…) ou de téléphone et le code à 6 chiffres reçu par e-mail. Un nouveau numéro est actif en 2 heures maximum (souvent 5 minutes) ; un transfert de numéro depuis un autre opérateur prend jusqu’à 48 heures.',
    },
    nl: {
      question: 'Hoe activeer ik mijn simkaart?',
      answer:
        'Ga naar ‘Mijn simkaart activeren’ en vul uw klantnummer, bestelnummer (O-…) of telefoonnummer in, samen met de 6-cijferige code uit uw e-mail. Een nieuw nummer is binnen maximaal 2 uur actief (meestal 5 minuten); een nummeroverdracht van een andere operator duurt tot 48 uur.',
    },
    en: {
      question: 'How do I activate my SIM card?',
      answer:
        'Go to “Activate my SIM” and enter your customer number, order number (O-…) or phone number with the 6-digit code you received by e-mail. A new number works within 2 hours (usually 5 minutes); moving your number from another operator takes up to 48 hours.',
    },
  },
  {
    slug: 'app-pin',
    topic: 'account',
    fr: {
      question: 'À quoi sert le code PIN de l’application ?',
      answer:
        'Sur chaque appareil, vous choisissez un code à 4 chiffres pour ouvrir l’application sans mot de passe. Il est valable 3 mois. Après trop d’essais erronés, ou si vous l’avez oublié, reconnectez-vous avec votre mot de passe pour en créer un nouveau.',
    },
    nl: {
      question: 'Waarvoor dient de pincode van de app?',
      answer:
        'Op elk toestel kiest u een code van 4 cijfers om de app zonder wachtwoord te openen. Ze is 3 maanden geldig. Na te veel foute pogingen of als u ze vergeten bent, meldt u zich opnieuw aan met uw wachtwoord en kiest u een nieuwe.',
    },
    en: {
      question: 'What is the app PIN for?',
      answer:
        'On each device you choose a 4-digit code to open the app without your password. It is valid for 3 months. After too many wrong attempts, or if you forgot it, log in again with your password and set a new one.',
    },
  },
  {
    slug: 'sim-puk',
    topic: 'sim',
    fr: {
      question: 'Ma carte SIM est bloquée : où trouver le code PUK ?',
      answer:
        'Après trois codes PIN de la SIM erronés, le téléphone demande le code PUK. Vous le trouvez dans « Profil » › « Codes PIN et PUK », avec le code PIN de votre carte SIM. Après dix PUK erronés, la carte est définitivement bloquée et doit être remplacée.',
    },
    nl: {
      question: 'Mijn simkaart is geblokkeerd: waar vind ik de PUK-code?',
      answer:
        'Na drie foute pincodes van de simkaart vraagt uw toestel de PUK-code. U vindt die onder ‘Profiel’ › ‘Pincode en PUK-code’, samen met de pincode van uw simkaart. Na tien foute PUK-codes is de kaart definitief geblokkeerd en moet ze vervangen worden.',
    },
    en: {
      question: 'My SIM is blocked: where is my PUK code?',
      answer:
        'After three wrong SIM PINs your phone asks for the PUK code. You find it under “Profile” › “PIN and PUK codes”, together with your SIM PIN. After ten wrong PUK codes the card is blocked for good and must be replaced.',
    },
  },
  {
    slug: 'write-offline',
    topic: 'account',
    fr: {
      question: 'Puis-je vous écrire sans connexion internet ?',
      answer:
        'Oui. Dans « Aide › Nous contacter », écrivez votre message et joignez si besoin un fichier (PDF, PNG ou JPG, 2 Mo au maximum). Sans connexion, il attend sur votre appareil et part une seule fois dès que vous êtes de nouveau en ligne. Vous recevez alors une référence et un e-mail de confirmation.',
    },
    nl: {
      question: 'Kan ik u schrijven zonder internetverbinding?',
      answer:
        'Ja. Schrijf uw bericht onder ‘Hulp › Contact opnemen’ en voeg indien nodig een bestand toe (pdf, png of jpg, maximaal 2 MB). Zonder verbinding wacht het op uw toestel en wordt het één keer verstuurd zodra u weer online bent. U krijgt dan een referentie en een bevestiging per e-mail.',
    },
    en: {
      question: 'Can I write to you without an internet connection?',
      answer:
        'Yes. Write your message under “Help › Contact us” and attach a file if needed (PDF, PNG or JPG, 2 MB at most). Offline, it waits on your device and is sent once as soon as you are back online. You then get a reference and a confirmation e-mail.',
    },
  },
  {
    slug: 'referral',
    topic: 'offers',
    fr: {
      question: 'Comment fonctionne le parrainage ?',
      answer:
        'Dans « Offres », vous trouvez votre code de parrainage. Partagez-le : pour chaque ami qui s’abonne avec ce code, vous recevez 3 € de réduction par mois, et votre filleul reçoit 10 % de réduction.',
    },
    nl: {
      question: 'Hoe werkt peterschap?',
      answer:
        'Onder ‘Aanbiedingen’ vindt u uw peterschapscode. Deel ze: voor elke vriend die zich met die code abonneert, krijgt u 3 € korting per maand, en uw vriend krijgt 10 % korting.',
    },
    en: {
      question: 'How does referral work?',
      answer:
        'Your referral code is under “Offers”. Share it: for each friend who subscribes with it you get €3 off a month, and your friend gets 10 % off.',
    },
  },
  {
    slug: 'energy-link',
    topic: 'offers',
    fr: {
      question: 'Comment lier mon compte énergie ?',
      answer:
        'Le titulaire du compte ouvre « Énergie » et saisit son numéro énergie (ME suivi de chiffres) et le mot de passe de son espace énergie, puis accepte le transfert de données. Une fois le lien confirmé, l’entrée « Énergie » l’y connecte en un clic.',
    },
    nl: {
      question: 'Hoe koppel ik mijn energieaccount?',
      answer:
        'De accounthouder opent ‘Energie’, vult zijn energienummer (ME gevolgd door cijfers) en het wachtwoord van zijn energieruimte in en aanvaardt de gegevensoverdracht. Zodra de koppeling bevestigd is, meldt ‘Energie’ hem met één klik aan.',
    },
    en: {
      question: 'How do I link my energy account?',
      answer:
        'The account holder opens “Energy”, enters their energy number (ME followed by digits) and the password of their energy space, and accepts the data transfer. Once the link is confirmed, “Energy” logs them in with one click.',
    },
  },
];
