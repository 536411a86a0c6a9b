// What other areas use of the survey builder: its rich-text box and the sanitized HTML view (regulations, issue 17).
export { RichTextEditor } from './components/rich-text-editor';
export { QuestionContent as SanitizedHtml } from '@/areas/surveys/core/components/question-content';
