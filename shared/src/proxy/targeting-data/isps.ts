/**
 * The ISPs that ISP targeting offers: the major consumer (fixed and mobile) networks of the countries
 * with the most traffic, each by its autonomous system number (ASN), which the username carries
 * (`-asn-7922`), and the name it trades under. No npm package available here carries ISP names per
 * country (the ip-location-db packages map address ranges to ASN and country, without names), so
 * this list is written by hand.
 *
 * Sources (checked 2026-11): the registration of each ASN at its regional internet registry, which
 * gives the holder and its country — ARIN whois (US, CA), RIPE Database (GB, DE, FR), APNIC whois
 * (JP, IN, HK, AU), LACNIC whois (BR) — and the networks' own PeeringDB records
 * (https://www.peeringdb.com/asn/<ASN>). Which networks are "major" follows each country's telecom
 * regulator's market figures (FCC, Ofcom, Bundesnetzagentur, MIC, Anatel, TRAI, OFCA, ARCEP, CRTC,
 * ACMA). CN is left out: the network does not cover mainland China (SPEC section 1, decision 0011).
 *
 * Chinese names are given where the network has an established one; otherwise its name shows in
 * both languages, as with state and city names (decision 0011).
 */
export interface Isp {
  asn: number;
  name: string;
  nameZh?: string;
}

export const ISPS_BY_COUNTRY: Readonly<Record<string, readonly Isp[]>> = {
  US: [
    { asn: 7922, name: 'Comcast Xfinity' },
    { asn: 7018, name: 'AT&T' },
    { asn: 20057, name: 'AT&T Mobility' },
    { asn: 701, name: 'Verizon' },
    { asn: 6167, name: 'Verizon Wireless' },
    { asn: 20115, name: 'Charter Spectrum' },
    { asn: 22773, name: 'Cox Communications' },
    { asn: 21928, name: 'T-Mobile USA' },
    { asn: 209, name: 'Lumen (CenturyLink)' },
    { asn: 5650, name: 'Frontier Communications' },
  ],
  GB: [
    { asn: 2856, name: 'BT' },
    { asn: 5089, name: 'Virgin Media' },
    { asn: 5607, name: 'Sky Broadband' },
    { asn: 13285, name: 'TalkTalk' },
    { asn: 12576, name: 'EE' },
    { asn: 5378, name: 'Vodafone UK' },
    { asn: 206067, name: 'Three UK' },
  ],
  DE: [
    { asn: 3320, name: 'Deutsche Telekom', nameZh: '德国电信' },
    { asn: 3209, name: 'Vodafone Germany', nameZh: '沃达丰德国' },
    { asn: 31334, name: 'Vodafone Kabel Deutschland' },
    { asn: 6805, name: 'Telefónica Germany (O2)' },
    { asn: 8881, name: '1&1 Versatel' },
  ],
  FR: [
    { asn: 3215, name: 'Orange France', nameZh: '法国 Orange' },
    { asn: 15557, name: 'SFR' },
    { asn: 12322, name: 'Free' },
    { asn: 5410, name: 'Bouygues Telecom' },
  ],
  JP: [
    { asn: 4713, name: 'NTT Communications (OCN)', nameZh: 'NTT 通信 (OCN)' },
    { asn: 9605, name: 'NTT Docomo' },
    { asn: 2516, name: 'KDDI (au)' },
    { asn: 17676, name: 'SoftBank', nameZh: '软银' },
    { asn: 2527, name: 'Sony Network Communications (So-net)' },
    { asn: 2518, name: 'BIGLOBE' },
    { asn: 2497, name: 'IIJ' },
  ],
  BR: [
    { asn: 28573, name: 'Claro (NET)' },
    { asn: 26599, name: 'Vivo (Telefônica Brasil)' },
    { asn: 18881, name: 'Vivo Fibra (ex-GVT)' },
    { asn: 7738, name: 'Oi' },
    { asn: 26615, name: 'TIM Brasil' },
  ],
  IN: [
    { asn: 55836, name: 'Reliance Jio', nameZh: '信实 Jio' },
    { asn: 24560, name: 'Bharti Airtel (broadband)' },
    { asn: 45609, name: 'Bharti Airtel (mobile)' },
    { asn: 38266, name: 'Vodafone Idea (Vi)' },
    { asn: 9829, name: 'BSNL' },
    { asn: 24309, name: 'ACT Fibernet' },
  ],
  HK: [
    { asn: 4760, name: 'HKT (Netvigator)', nameZh: '香港电讯 (网上行)' },
    { asn: 9269, name: 'HKBN', nameZh: '香港宽频' },
    { asn: 9304, name: 'HGC Global Communications', nameZh: '和记环球电讯' },
    { asn: 9231, name: 'China Mobile Hong Kong', nameZh: '中国移动香港' },
  ],
  CA: [
    { asn: 812, name: 'Rogers' },
    { asn: 577, name: 'Bell Canada' },
    { asn: 852, name: 'TELUS' },
    { asn: 6327, name: 'Shaw' },
    { asn: 5769, name: 'Vidéotron' },
  ],
  AU: [
    { asn: 1221, name: 'Telstra', nameZh: '澳洲电讯' },
    { asn: 4804, name: 'Optus' },
    { asn: 7545, name: 'TPG Telecom' },
  ],
};
