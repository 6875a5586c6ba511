/**
 * The Key Fact Statement's and the loan agreement's fixed words in Hindi (हिन्दी), key for key the
 * English module's (src/lib/documentText/en.ts: a missing or extra key does not build). Plain, formal
 * Hindi as Indian banks' documents use; figures, names, e-mail addresses and the RBI's class names
 * (SMA-0, NPA) stay as they are.
 */
import type { AgreementClauseId } from '../agreement.ts';
import type { OverdueClass } from '../overdueClasses.ts';
import type { DocumentTexts, OverdueStep } from './en.ts';

const clauseTitles: Record<AgreementClauseId, string> = {
  parties: 'पक्षकार',
  loan: 'ऋण और उसका संवितरण',
  interest: 'ब्याज',
  fees: 'शुल्क',
  repayment: 'चुकौती और पूर्व-भुगतान',
  afterDueDate: 'देय तिथि के बाद के प्रभार',
  overdueClasses: 'अतिदेय वर्गीकरण (SMA और NPA)',
  creditReporting: 'ऋण सूचना कंपनियों को रिपोर्टिंग',
  recovery: 'वसूली और संग्रह',
  coolingOff: 'कूलिंग-ऑफ अवधि और ऋण से निकास',
  transfer: 'अंतरण और प्रतिभूतिकरण',
  grievance: 'शिकायत निवारण',
  keyFactStatement: 'मुख्य तथ्य विवरण और इलेक्ट्रॉनिक हस्ताक्षर',
};

export const hi: DocumentTexts = {
  pageOf: (page, pages) => `पृष्ठ ${page} / ${pages}`,
  lender: {
    registration: (kind, regulator, number, cin) => `${regulator} में पंजीकृत ${kind}, पंजीकरण संख्या ${number}; CIN ${cin}`,
    registeredOffice: (_label, lines) => `पंजीकृत कार्यालय: ${lines.join(', ')}`,
    grievance: (officer) => `शिकायतें: ${officer}`,
    support: (email, phone) => `सहायता: ${email}, ${phone}`,
    contact: (grievance, support) => `${grievance}। ${support}।`,
  },
  signature: {
    reason: (title, agreementNo) => `${title} ${agreementNo}`,
    location: 'भारत',
    signer: 'उधारकर्ता',
  },
  kfs: {
    title: 'मुख्य तथ्य विवरण',
    sections: {
      statement: 'विवरण',
      part1: 'भाग 1: ब्याज दर तथा शुल्क और प्रभार',
      contingent: 'आकस्मिक प्रभार',
      part2: 'भाग 2: अन्य गुणात्मक जानकारी',
    },
    labels: {
      kfsNo: 'मुख्य तथ्य विवरण संख्या',
      issued: 'जारी करने की तिथि',
      validUntil: 'वैधता की अंतिम तिथि',
      lender: 'ऋणदाता',
      loanNo: 'ऋण खाता संख्या',
      loanType: 'ऋण का प्रकार',
      sanctioned: 'स्वीकृत ऋण राशि',
      disbursalSchedule: 'संवितरण की अनुसूची',
      disbursalStages: 'चरणों में संवितरण',
      term: 'ऋण की अवधि',
      instalmentType: 'किस्त का प्रकार',
      instalmentCount: 'किस्तों की संख्या',
      instalmentAmount: 'किस्त की राशि',
      repaymentDate: 'चुकौती की तिथि',
      rate: 'ब्याज दर और उसका प्रकार',
      floating: 'अस्थिर दर: बेंचमार्क, स्प्रेड, रीसेट और उसका प्रभाव',
      insurance: 'बीमा प्रभार',
      valuation: 'मूल्यांकन शुल्क',
      thirdParty: 'हमारे माध्यम से किसी तृतीय पक्ष को देय शुल्क',
      otherFee: 'कोई अन्य शुल्क',
      apr: 'वार्षिक प्रतिशत दर (APR)',
      net: 'आपके खाते में जमा की जाने वाली शुद्ध राशि',
      interest: 'कुल ब्याज',
      total: 'चुकाई जाने वाली कुल राशि',
      penal: 'विलंबित भुगतान पर दंडात्मक प्रभार',
      afterDue: 'देय तिथि के बाद ब्याज',
      otherPenal: 'अन्य दंडात्मक प्रभार',
      foreclosure: 'पूर्वबंदी या पूर्व-भुगतान प्रभार',
      switching: 'अस्थिर और स्थिर दर के बीच परिवर्तन का प्रभार',
      otherCharge: 'कोई अन्य प्रभार',
      recovery: 'वसूली और संग्रह',
      agents: 'वसूली एजेंट',
      overdueClasses: 'अतिदेय वर्गीकरण (SMA और NPA)',
      creditReporting: 'ऋण सूचना कंपनियों को रिपोर्टिंग',
      grievance: 'शिकायत निवारण अधिकारी',
      nodal: 'नोडल अधिकारी',
      escalation: 'भारतीय रिज़र्व बैंक के पास शिकायत',
      transfer: 'अंतरण या प्रतिभूतिकरण',
      coLending: 'सह-उधार या अन्य सहयोगी उधार',
      coolingOff: 'कूलिंग-ऑफ अवधि और ऋण से निकास',
      lsp: 'ऋण सेवा प्रदाता',
      lspRecovery: 'वसूली एजेंट के रूप में कार्यरत ऋण सेवा प्रदाता',
      excessRefund: 'देय राशि से अधिक भुगतान',
    },
    notApplicable: 'लागू नहीं',
    nil: 'शून्य',
    why: {
      stages: 'पूरी राशि एक ही बार में दी जाती है',
      floating: 'ब्याज दर पूरे ऋण के लिए स्थिर है',
      insurance: 'ऋण के साथ कोई बीमा न तो बेचा जाता है और न ही आवश्यक है',
      valuation: 'ऋण असुरक्षित है: किसी वस्तु का मूल्यांकन नहीं किया जाता',
      thirdParty: 'किसी तृतीय पक्ष को कोई भुगतान नहीं किया जाता',
      switching: 'ब्याज दर स्थिर है',
      coLending: (lender) => `ऋण का वित्तपोषण केवल ${lender} द्वारा किया जाता है: कोई सहभागी ऋणदाता नहीं, कोई मिश्रित दर नहीं`,
      lspRecovery: 'कोई ऋण सेवा प्रदाता नियुक्त नहीं है',
    },
    values: {
      kfsNoPending: 'ऋण प्रस्ताव स्वीकार करने पर दी जाएगी',
      loanNoPending: 'ऋण संवितरित होने पर दी जाएगी',
      validUntil: (date) => `${date} (ये शर्तें हम पर बाध्यकारी हों, इसके लिए इस तिथि तक स्वीकार करें)`,
      lender: (lender, brand, registration) => `${lender} (${brand}), ${registration}`,
      days: (days) => `${days} दिन`,
      repaymentOfLoan: (dueDate, due) => `${dueDate} (${due})`,
      repaymentIfDisbursed: (due, dueDate, issued) => `${due} (यदि ${issued} को संवितरित हो, तो ${dueDate})`,
      rate: (daily, annual, type) => `${daily} प्रतिदिन (${annual} प्रति वर्ष), ${type}`,
      fee: (f) => `${f.amount} तथा उस पर ${f.gstPercent} GST ${f.gst}; ${f.payableTo} को देय; ${f.frequency}; ${f.how}`,
      officerAnswers: (officer, days) => `${officer}; ${days} दिनों के भीतर उत्तर दिया जाता है`,
      foreclosure: (amount) => `${amount}: ऋण किसी भी समय समय से पहले बंद किया जा सकता है`,
      see: (clause) => `${clause} देखें।`,
      stop: '।',
    },
    fixed: {
      loanType: 'असुरक्षित व्यक्तिगत ऋण (अल्पकालिक)',
      disbursalSchedule: '100% अग्रिम, आपके बैंक खाते में एक ही भुगतान में',
      instalmentType: 'बुलेट: अवधि के अंत में मूलधन और ब्याज की एक ही चुकौती',
      interestType: 'स्थिर',
      feeName: 'प्रोसेसिंग शुल्क',
      feeFrequency: 'एक बार',
      feeHowCollected: 'संवितरण के समय ऋण राशि में से काटा जाता है',
      otherCharges: 'शून्य। किसी भी प्रकार का कोई अन्य प्रभार नहीं: जिस प्रभार का उल्लेख इस विवरण में नहीं है, वह नहीं लिया जा सकता।',
      agents:
        'कोई वसूली एजेंट नियुक्त नहीं है। यदि कभी आपके ऋण के लिए कोई एजेंट नियुक्त किया जाता है, तो उसके आपसे संपर्क करने से पहले आपको उसका नाम और संपर्क विवरण बताया जाएगा।',
      creditReporting:
        'हम आपके ऋण की जानकारी RBI द्वारा निर्धारित प्रत्येक रिपोर्टिंग तिथि पर ऋण सूचना कंपनियों (TransUnion CIBIL, Equifax, Experian और CRIF High Mark) को देते हैं: दी गई ऋण राशि, आप पर बकाया राशि, कोई अतिदेय राशि और वह कितने दिनों से अतिदेय है, तथा ऋण खोलने और बंद होने की तिथियाँ। किसी रिपोर्ट में आपका ऋण पहली बार अतिदेय दिखाए जाने से पहले हम आपको SMS और ई-मेल द्वारा सूचित करते हैं; पूरी चुकौती के बाद अगली रिपोर्ट में ऋण बंद दिखाया जाता है।',
      lendingServiceProviders: 'कोई नहीं: ऋण की पेशकश, सर्विसिंग और वसूली सीधे ऋणदाता द्वारा की जाती है।',
      transfer:
        'आपका ऋण RBI द्वारा विनियमित किसी अन्य संस्था को समनुदेशित या प्रतिभूतिकृत किया जा सकता है; ऐसा होने से पहले आपको लिखित रूप में सूचित किया जाएगा, और आपकी शर्तें नहीं बदलेंगी।',
    },
    names: {
      'Reserve Bank of India': 'भारतीय रिज़र्व बैंक',
      'Non-Banking Financial Company (NBFC)': 'गैर-बैंकिंग वित्तीय कंपनी (NBFC)',
      'Grievance Redressal Officer': 'शिकायत निवारण अधिकारी',
      'Principal Nodal Officer': 'प्रधान नोडल अधिकारी',
      'Nodal Officer': 'नोडल अधिकारी',
    },
    texts: {
      registration: (kind, regulator, number) => `${regulator} में पंजीकृत ${kind}, प्रमाणपत्र संख्या ${number}`,
      instalmentDue: (days) => `संवितरण की तिथि से ${days} दिन बाद`,
      afterDueInterest: (rate, days, max) =>
        `देय तिथि के बाद भी बकाया मूलधन पर उसी ${rate} प्रतिदिन की दर से ब्याज, अधिकतम ${days} दिनों तक (यदि कुछ भी न चुकाया जाए, तो अधिकतम ${max}), उसके बाद कोई ब्याज नहीं।`,
      penalThreshold: (threshold) => (threshold ? `${threshold} या उससे अधिक की राशि` : 'कोई भी राशि'),
      penalCharge: (amount, gst, total, threshold) =>
        `${amount} तथा ${gst} GST (कुल ${total}), केवल एक बार, देय तिथि के अगले दिन लिया जाता है, यदि देय तिथि की समाप्ति पर ${threshold} बकाया रहती है। यह कभी चक्रवृद्धि नहीं होता, इस पर कोई ब्याज नहीं लगता और इसे कभी मूलधन में नहीं जोड़ा जाता।`,
      inHouse: (lender) =>
        `वसूली ${lender} के अपने कर्मचारियों द्वारा की जाती है: RBI की उचित व्यवहार संहिता के अनुसार, सुबह 8 बजे से शाम 7 बजे के बीच SMS, ई-मेल और फ़ोन कॉल द्वारा अनुस्मारक।`,
      overdueRanges: {
        sma0: '30 दिनों तक अतिदेय',
        sma1: '31 से 60 दिनों तक अतिदेय',
        sma2: '61 से 90 दिनों तक अतिदेय',
        npa: '90 दिनों से अधिक अतिदेय, अर्थात अनर्जक आस्ति',
      } satisfies Record<OverdueClass, string>,
      overdueClasses: (names, ranges, example) =>
        `यदि देय तिथि की समाप्ति पर कुछ भी बकाया रहता है, तो RBI के निर्देशानुसार हमें ऋण को प्रतिदिन इस आधार पर वर्गीकृत करना होता है कि वह कितने दिनों से अतिदेय है: ${names.sma0} (${ranges.sma0}), ${names.sma1} (${ranges.sma1}), ${names.sma2} (${ranges.sma2}) और ${names.npa} (${ranges.npa}); यह वर्गीकरण ऋण सूचना कंपनियों को रिपोर्ट किया जाता है। उदाहरण: ${example}। पूरी अतिदेय राशि चुकाए जाने पर ही ऋण मानक श्रेणी में लौटता है; आंशिक भुगतान से नहीं। ऋण के किसी श्रेणी में पहली बार आने पर हम आपको SMS और ई-मेल द्वारा सूचित करते हैं।`,
      overdueExample: (principal, dueDate, owed, steps) => {
        const step = (s: OverdueStep) => `${s.date} से ${s.name} (बकाया ${s.owing})`;
        return `${dueDate} को देय ${principal} का ऋण, जिस पर ${owed} चुकाने हैं, यदि न चुकाया जाए तो ${step(steps[0])}, ${step(steps[1])}, ${step(steps[2])} और ${step(steps[3])} होगा`;
      },
      excessRefund: (days) =>
        `यदि आप देय राशि से अधिक भुगतान करते हैं, या दो बार भुगतान करते हैं, तो हम अतिरिक्त राशि प्राप्त होने के ${days} दिनों के भीतर उसी कार्ड या खाते में, जिससे भुगतान किया गया था, अथवा बैंक अंतरण द्वारा लौटा देते हैं; वापसी होने तक वह आपके डैशबोर्ड पर दिखाई देती है।`,
      escalation: (days, portal) =>
        `यदि आपकी शिकायत का समाधान ${days} दिनों के भीतर नहीं होता है, या आप उत्तर से संतुष्ट नहीं हैं, तो आप ${portal} पर RBI से शिकायत कर सकते हैं (रिज़र्व बैंक - एकीकृत लोकपाल योजना)।`,
      coolingOff: (c) =>
        `संवितरण के बाद ${c.days} दिनों तक आप मूलधन और जितने दिन ऋण आपके पास रहा उतने दिनों का ब्याज चुकाकर, बिना किसी दंड के, ऋण से बाहर निकल सकते हैं। संवितरण के समय काटा गया ${c.fee} का प्रोसेसिंग शुल्क और उस पर ${c.gst} GST वापस नहीं किया जाता। उदाहरण: ${c.issued} को संवितरित ऋण से कूलिंग-ऑफ के अंतिम दिन ${c.exitDate} को निकलने पर आप ${c.exitTotal} (${c.principal} मूलधन और ${c.interest} ब्याज) चुकाते हैं।`,
    },
    summary: {
      headline: (received, repaid, dueDate) => `आपको ${received} मिलेंगे, ${dueDate} को ${repaid} चुकाने होंगे`,
      noteLoan: (loanNo, amount, days, rate) =>
        `ऋण ${loanNo}: ${amount}, ${days} दिनों के लिए, ${rate} प्रतिदिन की दर पर, एक ही चुकौती में।`,
      notePreview: (issued, amount, days, rate, due) =>
        `यदि ऋण ${issued} को संवितरित होता है: ${amount}, ${days} दिनों के लिए, ${rate} प्रतिदिन की दर पर, ${due} एक ही भुगतान में चुकाया जाएगा।`,
    },
    pdf: {
      copySaved: (stamp) =>
        `यह प्रति ${stamp} को सहेजी गई। यह विवरण जारी किए गए रूप में है; यह कंप्यूटर द्वारा तैयार किया गया है और इस पर हस्ताक्षर की आवश्यकता नहीं है।`,
    },
    screen: {
      print: 'प्रिंट करें',
      save: 'प्रति सहेजें',
      preparing: 'तैयार की जा रही है…',
      saved: (file) => `${file} सहेजी गई।`,
    },
  },
  agreement: {
    title: 'ऋण अनुबंध',
    clauseTitles,
    cite: (number, title) => `ऋण अनुबंध का खंड ${number} (${title})`,
    theBorrower: 'उधारकर्ता',
    onStatement: (kfsTitle, kfsNo, leadId, date) => `${kfsTitle} ${kfsNo} पर आधारित, आवेदन ${leadId}, ${date}`,
    signedBy: (borrower, lender) =>
      `उधारकर्ता ${borrower} द्वारा इलेक्ट्रॉनिक रूप से हस्ताक्षरित। ${lender} की ओर से: इलेक्ट्रॉनिक रूप से जारी।`,
    annex: (kfsTitle, kfsNo) => `अनुलग्नक: ${kfsTitle} ${kfsNo}`,
    clauses: {
      parties: (p) =>
        `यह अनुबंध ${p.date} को ${p.lender} (${p.brand}), ${p.registration}, ${p.office} (ऋणदाता) और ${p.borrower}${p.pan ? `, PAN ${p.pan}` : ''} (उधारकर्ता) के बीच, उधारकर्ता के आवेदन ${p.leadId} के लिए किया जाता है।`,
      lends: (amount, loanType, days, schedule) =>
        `ऋणदाता उधारकर्ता को ${days} दिनों के लिए ${amount} का ऋण (${loanType}) देता है। संवितरण: ${schedule}।`,
      net: (net, feesClause) =>
        `उधारकर्ता के बैंक खाते में जमा की जाने वाली शुद्ध राशि ${net} है, अर्थात दी गई ऋण राशि में से खंड ${feesClause} के शुल्क घटाकर।`,
      interest: (daily, annual, type, interest, apr) =>
        `ब्याज ${daily} प्रतिदिन (${annual} प्रति वर्ष) है, पूरे ऋण के लिए ${type}, और बकाया मूलधन पर प्रत्येक उस दिन के लिए लिया जाता है जिस दिन वह बकाया रहता है। ऋण की अवधि में यह ${interest} होता है। वार्षिक प्रतिशत दर (APR) ${apr} है।`,
      fee: (f) =>
        `${f.name}: ${f.amount} तथा उस पर ${f.gstPercent} GST ${f.gst}, ${f.payableTo} को देय, ${f.frequency}, ${f.how}।`,
      noFee: 'कोई शुल्क नहीं लिया जाता।',
      noOtherFee:
        'किसी भी प्रकार का कोई अन्य शुल्क या प्रभार देय नहीं है: जिसका उल्लेख इस अनुबंध और इसके मुख्य तथ्य विवरण में नहीं है, वह नहीं लिया जा सकता।',
      repays: (r) =>
        `${r.type}। उधारकर्ता ${r.total} की चुकौती ${r.count} किस्त में, ${r.due} (यदि ${r.issued} को संवितरित हो, तो ${r.dueDate}) करता है; ऋण की वास्तविक देय तिथि की पुष्टि संवितरण के समय SMS और ई-मेल द्वारा की जाती है।`,
      prepayment: (foreclosure) =>
        `उधारकर्ता देय तिथि से पहले किसी भी समय पूरा ऋण चुका सकता है और केवल उतने दिनों का ब्याज देता है जितने दिन ऋण उसके पास रहा: पूर्वबंदी या पूर्व-भुगतान प्रभार ${foreclosure} है। प्रत्येक भुगतान पहले प्रभारों में, फिर ब्याज में, फिर मूलधन में समायोजित किया जाता है।`,
      afterDueInterest: (text) => `देय तिथि के बाद ब्याज: ${text}`,
      penalCharge: (text) => `दंडात्मक प्रभार: ${text}`,
      otherCharges: (text) => `अन्य प्रभार: ${text}`,
      conduct:
        'ऋणदाता की ओर से कार्य करने वाला कोई भी व्यक्ति उधारकर्ता को न धमकाएगा, न उसके साथ दुर्व्यवहार करेगा और न उसे लज्जित करेगा; ऋण के संबंध में उधारकर्ता के परिवार, मित्रों या नियोक्ता से संपर्क नहीं करेगा; और सुबह 8 बजे से शाम 7 बजे के समय के बाहर कॉल नहीं करेगा।',
      lendingServiceProviders: (text) => `ऋण सेवा प्रदाता: ${text}`,
      grievanceOfficer: (officer, days) =>
        `शिकायत निवारण अधिकारी: ${officer}; शिकायतों का उत्तर ${days} दिनों के भीतर दिया जाता है।`,
      nodalOfficer: (officer) => `नोडल अधिकारी: ${officer}।`,
      annexed: (kfsNo) =>
        `उधारकर्ता द्वारा स्वीकार किया गया मुख्य तथ्य विवरण ${kfsNo} इस अनुबंध का अनुलग्नक और इसका भाग है। इसके आँकड़े इसी ऋण के आँकड़े हैं।`,
      esign:
        'उधारकर्ता इस अनुबंध पर इलेक्ट्रॉनिक रूप से हस्ताक्षर करता है (ई-साइन सेवा प्रदाता के माध्यम से आधार ई-साइन); इलेक्ट्रॉनिक हस्ताक्षर कागज़ पर किए गए हस्ताक्षर की भाँति ही बाध्यकारी है (सूचना प्रौद्योगिकी अधिनियम, 2000, धारा 3क और दूसरी अनुसूची)। उधारकर्ता हस्ताक्षरित अनुबंध को किसी भी समय डैशबोर्ड से डाउनलोड कर सकता है।',
    },
  },
};
