import type { ContentPage } from './contentTypes';

/** /crypto-payouts: how sellers can take their earnings in stablecoins. */
export const cryptoPayouts: ContentPage = {
  title: 'Crypto payouts',
  lead:
    'Sellers whose bank makes international transfers slow or expensive can take their Beatcrate earnings in US-dollar stablecoins instead. This page explains how it works and what to watch out for.',
  sections: [
    {
      heading: 'What we pay out',
      blocks: [
        'Sales on Beatcrate are priced and settled in US dollars. A crypto payout sends the same dollar amount as USDT or USDC, stablecoins designed to track the US dollar one to one, to a wallet address you control. We do not pay out in volatile currencies such as Bitcoin.',
      ],
    },
    {
      heading: 'How to set it up',
      blocks: [
        {
          list: [
            'Finish identity verification in your dashboard profile; payouts of any kind need it.',
            'In the payout settings choose “Crypto”, the stablecoin and the network, and paste your wallet address.',
            'Confirm the change from the link we email you. A new address is used for payouts requested after the confirmation.',
          ],
        },
        'Double-check the address and the network. A transfer sent to a wrong address or over a network your wallet does not support cannot be reversed by us or by anyone else.',
      ],
    },
    {
      heading: 'When and how much',
      blocks: [
        'Earnings become available for payout once the download and refund checks of a sale are over, exactly as for bank payouts. You request a payout from your dashboard; the network fee of the transfer is shown before you confirm and is deducted from the amount sent.',
        'Taxes on your earnings are your responsibility, whatever the payout method. Keep the payout statements from your dashboard for your records.',
      ],
    },
    {
      heading: 'Questions',
      blocks: [{ text: 'If a payout has not arrived or you are unsure about a network, write to us from the', link: { href: '/contacts', label: 'Contact us page' }, after: 'before you change anything.' }],
    },
  ],
};
