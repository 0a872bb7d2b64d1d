import type { MessageLanguage } from '../../i18n/messages';

// The subject of the platform message that carries customer service's answer to a question
// (support.service.ts answerQuestion), in the member's language. {id}: the question's number, as
// the member's page shows it beside the question.

export const ANSWER_SUBJECT: Readonly<Record<MessageLanguage, string>> = {
  EN: 'Answer to your question #{id}',
  BN: 'আপনার প্রশ্ন #{id}-এর উত্তর',
  CN: '您的问题 #{id} 的回复',
  ID: 'Jawaban atas pertanyaan Anda #{id}',
  TH: 'คำตอบสำหรับคำถาม #{id} ของคุณ',
  TY: '您的問題 #{id} 的回覆',
  VI: 'Trả lời câu hỏi #{id} của bạn',
};

/** Who the answer comes from, as the member's inbox names the sender. */
export const ANSWER_SENDER = 'Customer Service';
