/**
 * Terms of Service and Privacy Policy (spec §2, Terms and privacy): effective July 1, 2025; users 18
 * or over; prices in USD; sales final; California law; binding arbitration; not for children under 16.
 */
export type LegalSection = { heading: string; paragraphs: readonly string[] };
export type LegalDocument = {
  title: string;
  description: string;
  effective: string;
  sections: readonly LegalSection[];
};

const EFFECTIVE = 'Effective date: July 1, 2025';

export function termsOfService(supportEmail: string): LegalDocument {
  return {
    title: 'Terms of Service',
    description:
      'The terms that apply when you buy and use The 6-Night Sleep Meditation Ritual and the Sleep Ritual members area.',
    effective: EFFECTIVE,
    sections: [
      {
        heading: '1. Agreement to these terms',
        paragraphs: [
          'These Terms of Service ("Terms") are an agreement between you and Sleep Ritual ("Sleep Ritual", "we", "us" or "our"). They govern your use of our websites, the members area and every program we sell, including The 6-Night Sleep Meditation Ritual and The Full Transformation Program (together, the "Services").',
          'By buying a program, creating an account or otherwise using the Services, you agree to these Terms and to our Privacy Policy. If you do not agree, please do not use the Services.',
        ],
      },
      {
        heading: '2. Eligibility',
        paragraphs: [
          'You must be at least 18 years old to buy a program, create an account or use the Services. By using them you confirm that you are 18 or over and able to enter into a binding contract.',
        ],
      },
      {
        heading: '3. The programs',
        paragraphs: [
          'Our programs are digital products made of guided audio and video sessions and related materials, delivered through the members area. "Lifetime access" means access for as long as we continue to operate the program and the members area.',
          'We may improve, reorganise or update the content of a program from time to time. We will not remove the core sessions of a program you have bought without offering you an equivalent replacement.',
        ],
      },
      {
        heading: '4. Your account',
        paragraphs: [
          'After purchase you will be invited to create an account with your email address and a password. Please give accurate information, keep your password confidential and tell us promptly if you believe someone else has used your account.',
          'Each account is for one person. You are responsible for everything that happens under your account.',
        ],
      },
      {
        heading: '5. Prices and payment',
        paragraphs: [
          'All prices are shown and charged in United States dollars (USD). Sale prices and countdowns shown on our pages describe the offer available at the time of purchase.',
          'Payments are processed by our third-party checkout provider, whose terms also apply to the payment. Unless a product page clearly says otherwise, each program is sold for a one-time payment: there is no subscription and no recurring billing. You are responsible for any taxes, bank or currency conversion charges that apply to your purchase.',
        ],
      },
      {
        heading: '6. All sales are final',
        paragraphs: [
          'Because you receive immediate access to the complete digital content, all sales are final and non-refundable, except where a refund is required by applicable law. If you have trouble accessing a program you bought, contact us and we will help put it right.',
        ],
      },
      {
        heading: '7. Licence and acceptable use',
        paragraphs: [
          'When you buy a program we grant you a personal, non-exclusive, non-transferable licence to access and use it for your own, non-commercial purposes.',
          'You agree not to share your account, copy, download (except where we offer a download), record, resell, publish or distribute any part of the Services, and not to interfere with their security or operation. We may suspend or close accounts that break these rules.',
        ],
      },
      {
        heading: '8. Intellectual property',
        paragraphs: [
          'The Services, including all recordings, scripts, text, graphics, logos and software, belong to Sleep Ritual or its licensors and are protected by copyright, trademark and other laws. These Terms do not give you any ownership of them.',
        ],
      },
      {
        heading: '9. Health information',
        paragraphs: [
          'The programs offer relaxation and meditation practices for general wellbeing. They are not medical, psychological or therapeutic advice and do not diagnose, treat or cure any condition. Talk to a qualified health professional about any sleep disorder, mental health concern or medication.',
          'Never listen to a session while driving, operating machinery or doing anything else that requires your full attention.',
        ],
      },
      {
        heading: '10. Disclaimers',
        paragraphs: [
          'The Services are provided "as is" and "as available". To the fullest extent permitted by law, we disclaim all warranties, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. Results differ from person to person and we do not promise any particular outcome.',
        ],
      },
      {
        heading: '11. Limitation of liability',
        paragraphs: [
          'To the fullest extent permitted by law, Sleep Ritual will not be liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of data, profits or goodwill. Our total liability for any claim relating to the Services is limited to the amount you paid us for the program concerned.',
        ],
      },
      {
        heading: '12. Governing law',
        paragraphs: [
          'These Terms are governed by the laws of the State of California, United States, without regard to its conflict of laws rules.',
        ],
      },
      {
        heading: '13. Binding arbitration',
        paragraphs: [
          'Please read this section carefully: it affects your rights. Any dispute, claim or controversy arising out of or relating to these Terms or the Services will be resolved by final and binding arbitration on an individual basis, rather than in court, administered under the consumer arbitration rules of the American Arbitration Association. The arbitration will take place in California or, at your choice, by video conference.',
          'You and Sleep Ritual each waive the right to a jury trial and to take part in a class action or representative proceeding. Either of us may instead bring an individual claim in small claims court if it qualifies. Before starting arbitration, please contact us so we can try to resolve the issue informally within 30 days.',
        ],
      },
      {
        heading: '14. Changes to these terms',
        paragraphs: [
          'We may update these Terms from time to time. When we do, we will change the effective date above and, for significant changes, let account holders know by email. Continuing to use the Services after a change means you accept the updated Terms.',
        ],
      },
      {
        heading: '15. Contact us',
        paragraphs: [`Questions about these Terms? Email us at ${supportEmail}.`],
      },
    ],
  };
}

export function privacyPolicy(supportEmail: string): LegalDocument {
  return {
    title: 'Privacy Policy',
    description: 'How Sleep Ritual collects, uses and protects your personal information.',
    effective: EFFECTIVE,
    sections: [
      {
        heading: '1. Who we are',
        paragraphs: [
          'This Privacy Policy explains how Sleep Ritual ("we", "us" or "our") collects, uses and protects personal information when you visit our websites, buy a program or use the members area (the "Services").',
        ],
      },
      {
        heading: '2. Information we collect',
        paragraphs: [
          'Information you give us: your email address, your name if you provide it, and the password you choose (stored only in a securely hashed form), as well as anything you write to us when you contact support.',
          'Purchase information: when you buy through our checkout provider, it tells us your email address, the product you bought and the order details. Card details are handled by the checkout provider and payment processors; we never receive or store your full card number.',
          'Usage information: which sessions you open and how far you listen or watch, so the members area can show your progress, together with basic technical data such as your browser type and the pages you visit.',
        ],
      },
      {
        heading: '3. How we use your information',
        paragraphs: [
          'We use your information to provide the programs you bought, create and secure your account, send you the emails you need (such as account creation and password reset links), answer your questions, understand how the Services are used so we can improve them, measure our advertising, and meet our legal obligations.',
        ],
      },
      {
        heading: '4. Cookies and similar technologies',
        paragraphs: [
          'We use a session cookie to keep you signed in; the Services cannot work without it. Our sales pages store the end time of the current offer countdown in your browser’s local storage, which never leaves your device.',
          'On some pages we record page views for an advertising partner to measure our campaigns. We skip this when your browser sends a Do Not Track signal.',
        ],
      },
      {
        heading: '5. How we share information',
        paragraphs: [
          'We do not sell your personal information. We share it only with service providers who help us run the Services — our checkout and payment providers, hosting, email delivery and video hosting — under agreements that limit their use of it to that purpose, and when the law requires it or to protect the rights and safety of our users and our business.',
        ],
      },
      {
        heading: '6. How long we keep it',
        paragraphs: [
          'We keep your account and purchase information for as long as your account is active and afterwards as long as we need it to meet legal, tax and accounting obligations. You can ask us to delete your account at any time.',
        ],
      },
      {
        heading: '7. Security',
        paragraphs: [
          'We protect your information with encryption in transit, hashed passwords, limited access for staff and regular reviews of our systems. No service can be perfectly secure, so please use a strong password that you do not use anywhere else.',
        ],
      },
      {
        heading: '8. Your rights and choices',
        paragraphs: [
          'Depending on where you live, you may have the right to access, correct, delete or receive a copy of your personal information, and to object to or restrict some uses of it. California residents have these rights under the California Consumer Privacy Act, and we will not treat you differently for using them.',
          `To make a request, email ${supportEmail} from the address linked to your account. You can unsubscribe from marketing emails at any time using the link in each email.`,
        ],
      },
      {
        heading: '9. Children',
        paragraphs: [
          'The Services are not intended for children under 16, and we do not knowingly collect personal information from anyone under 16. If you believe a child has given us personal information, please contact us and we will delete it.',
        ],
      },
      {
        heading: '10. International visitors',
        paragraphs: [
          'We are based in the United States and process information there. If you use the Services from elsewhere, you understand that your information will be transferred to and processed in the United States.',
        ],
      },
      {
        heading: '11. Changes to this policy',
        paragraphs: [
          'We may update this Privacy Policy from time to time. We will change the effective date above and, for significant changes, let account holders know by email.',
        ],
      },
      {
        heading: '12. Contact us',
        paragraphs: [`Questions about your privacy? Email us at ${supportEmail}.`],
      },
    ],
  };
}
