export const legal = {
  meta: {
    terms: {
      title: "Terms of Service — {siteName}",
      description:
        "The rules for using Gateway Africa: accounts, listings and moderation, bookings, payments, fees and verification.",
    },
    faq: {
      title: "Frequently Asked Questions — {siteName}",
      description:
        "Answers about free and premium listings, booking, payments, currencies and verification on Gateway Africa.",
    },
    privacy: {
      title: "Privacy Policy — {siteName}",
      description:
        "What personal data Gateway Africa collects, why, who we share it with and the choices you have.",
    },
    kyc: {
      title: "KYC & Verification — {siteName}",
      description:
        "How Gateway Africa verifies hosts and professionals: a phone code by SMS, identity and business documents checked by our team, and what the verified badge means.",
    },
  },
  hero: {
    eyebrow: "Legal & help",
    title: "Terms, FAQ & policies",
    lead: "The rules of the marketplace, answers to common questions and how we look after your data — in plain language.",
    updated: "Last updated: {date}",
    updatedDate: "1 November 2026",
  },
  nav: {
    label: "On this page",
    terms: "Terms of Service",
    faq: "FAQ",
    privacy: "Privacy Policy",
    kyc: "KYC & Verification",
  },
  questions: "Still have a question?",
  questionsBody: "Our team answers within one business day.",
  contactUs: "Contact Us",
  terms: {
    title: "Terms of Service",
    intro:
      "These terms apply to everyone who uses Gateway Africa — visitors, registered users, agents and partners, and service professionals. By using the platform you accept them.",
    sections: {
      accounts: {
        title: "1. Accounts",
        body: "You can browse without an account. To save favourites, publish listings or offer services you need an account with accurate details. You are responsible for keeping your password safe and for everything done with your account. You can change your account type later in your settings.",
      },
      listings: {
        title: "2. Listings and moderation",
        body: "Listings by agents, partners or professionals need moderator review before becoming public. Listings must describe real properties or services accurately, with honest prices and photos you have the right to use. We may reject, edit the visibility of, or remove any listing that breaks these terms.",
      },
      bookings: {
        title: "3. Bookings",
        body: "Depending on the listing, a booking is confirmed instantly or sent as a request to book that the host or provider accepts or declines. The agreement for a stay, sale, lease or service is between you and the provider; Gateway Africa connects you but is not a party to it.",
        bodyDirect:
          "You book a stay, and arrange a sale, lease or service, directly with the host or provider: every listing has their contact options (phone, WhatsApp or e-mail). The agreement is between you and the provider; Gateway Africa connects you but is not a party to it.",
      },
      payments: {
        title: "4. Payments and fees",
        body: "Payments on the site (bookings, professionals' jobs and premium packages) go through our payment provider, by {methods}, on its secure page; we never see or store your full card details or mobile-money PIN. A stay may be paid at the property instead, as its listing says before you book. A basic listing is free; premium packages add visibility and features for a fixed period. Fees are non-refundable unless stated otherwise at the time of purchase.",
        bodyDirect:
          "Gateway Africa does not take payments on the site: you pay the host or provider directly, as you agree with them. A basic listing is free; premium packages add visibility and features for a fixed period and are arranged with our team. Fees are non-refundable unless stated otherwise at the time of purchase.",
      },
      verification: {
        title: "5. Verification",
        body: "Agents, partners and professionals can have their phone, identity and business verified; our team checks the documents, usually within a few business days. An approval holds until the date we set. While it holds, the account shows the verified badge and its listings come first among equal search results. A listing approved by our moderators is not verified by that alone. We may suspend an account whose documents turn out to be false.",
      },
      conduct: {
        title: "6. Acceptable use",
        body: "Do not post misleading or fraudulent listings, ask for payments outside the platform's stated methods, harass other users, discriminate, or copy content from the platform in bulk. We may suspend or close accounts that do.",
      },
      liability: {
        title: "7. Liability",
        body: "We work hard to keep listings accurate, but we cannot guarantee every detail a provider publishes. Inspect properties and check documents before paying. To the extent the law allows, our liability is limited to the fees you paid us in the last twelve months.",
      },
      changes: {
        title: "8. Changes and governing law",
        body: "We may update these terms and will announce important changes on the platform. These terms are governed by the laws of the Republic of Ghana.",
      },
    },
  },
  /** How the payment provider takes payments, in a sentence's list ("by card or mobile money"). */
  methods: { card: "card", mobile_money: "mobile money", bank_transfer: "bank transfer" },
  faq: {
    title: "Frequently Asked Questions",
    intro: "Quick answers to the questions we hear most.",
    items: {
      free: {
        q: "Is it free to list on Gateway Africa?",
        a: "Yes. A basic listing is free. Paid premium packages give your listings more visibility, featured ads and extra tools such as analytics.",
      },
      booking: {
        q: "How does booking work?",
        a: "Some listings can be booked instantly. Others are request-to-book: you send a request and the host or provider confirms it, usually within a day.",
        aDirect:
          "You book directly with the host, agent or provider: every listing has a contact button — phone, WhatsApp or e-mail, as the lister prefers. Ask them about availability and agree on your booking with them.",
      },
      payments: {
        q: "How do I pay?",
        a: "On the site, by {methods}, on our payment provider's secure page: we never see or store your full card number or mobile-money PIN. Some stays are paid at the property instead; the listing's booking card says which before you book, and your receipt is in your dashboard.",
        aDirect:
          "You pay the host, agent or provider directly, as you agree with them through the listing's contact options: Gateway Africa does not take payments on the site. Check the property and its documents before you pay.",
      },
      currency: {
        q: "Can I see prices in my own currency?",
        a: "Yes. Choose a display currency in the header and prices are converted automatically.",
      },
      verification: {
        q: "How does verification work?",
        a: "Verification is step by step: you confirm your e-mail at sign-up and your phone with a code we send by SMS, then upload your identity document and a selfie, and, for agencies and professionals, your business or professional credentials. Our team checks the documents, usually within a few business days, and tells you the decision by e-mail. An approved identity earns the verified badge; approved credentials earn the business badge.",
      },
      pending: {
        q: "Why is my listing not visible yet?",
        a: "Listings by agents, partners and professionals are reviewed by a moderator before they become public. You can follow the status in your dashboard.",
      },
      account: {
        q: "Do I need an account to browse?",
        a: "No. Anyone can browse and search. An account lets you save favourites, and agents and professionals need one to publish.",
      },
      contactLister: {
        q: "How do I contact an agent or professional?",
        a: "Press \"Contact Agent\" on the listing and write to them in the site's messages (you sign in first): the conversation and every reply stay in Messages, in your dashboard. Every listing also shows the lister's phone, WhatsApp or e-mail, as they prefer.",
      },
    },
  },
  privacy: {
    title: "Privacy Policy",
    intro:
      "We collect as little as we need to run the marketplace, and we never sell your personal data.",
    sections: {
      collect: {
        title: "What we collect",
        body: "Account details (name, e-mail, phone, profile photo), the listings and messages you submit, verification documents for agents, partners and professionals, and basic technical data such as your browser and pages viewed.",
      },
      use: {
        title: "How we use it",
        body: "To run your account, show and moderate listings, connect you with providers, verify partners, prevent fraud, answer your messages and improve the service.",
      },
      share: {
        title: "Who we share it with",
        body: "With the provider you contact or book with, with our payment provider when you pay, and with authorities when the law requires it. Service providers that host our systems process data only on our instructions.",
      },
      cookies: {
        title: "Cookies",
        body: "We use only the cookies the site needs: your sign-in session, your display currency and one-off notifications. We do not use advertising trackers.",
      },
      rights: {
        title: "Your choices and rights",
        body: "You can view and update your profile at any time, delete your account from your dashboard, and ask us for a copy of your data or to correct or erase it by contacting us.",
      },
      retention: {
        title: "How long we keep it",
        body: "As long as your account is active, and afterwards only as long as the law requires (for example for payment records). Verification documents are deleted once they are no longer needed.",
      },
    },
  },
  kyc: {
    title: "KYC & Verification",
    intro:
      "Hosts and professionals can be verified, so that visitors know who they are dealing with. The verified badge means our team checked the identity documents of the person behind a listing and the approval has not expired; the business badge means their business or professional credentials were checked too. It does not mean we inspected a property, and a listing approved by our moderators is not verified by that alone.",
    stepsTitle: "How it works",
    steps: {
      email: {
        title: "Confirm your e-mail",
        body: "Follow the link we send when you sign up.",
      },
      phone: {
        title: "Confirm your phone",
        body: "Enter the code we send to your number by SMS.",
      },
      identity: {
        title: "Prove your identity",
        body: "Upload a valid passport, national ID card or driver's licence (front and back where it has one) and a selfie.",
      },
      business: {
        title: "Show your credentials",
        body: "Business registration, agency licence or professional membership, as it applies to you.",
      },
      review: {
        title: "Review by our team",
        body: "Your documents are checked by our team, usually within a few business days. They stay private: only our reviewers see them, and they are deleted a set time after the decision.",
      },
    },
    benefitsTitle: "What you get",
    benefits: {
      badge: "The verified badge on your profile, listings and messages, while your approval holds",
      visibility:
        "Your listings come first among equal search results, and in the verified hosts filter",
      trust: "More enquiries from visitors who look for checked hosts",
    },
    note: "We e-mail you at each decision. If your verification is declined we tell you why, and you can submit new documents at any time.",
  },
};
