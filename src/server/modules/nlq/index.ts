// The Sentinel module (issue 15): questions, answers, saved questions and export. Importing it
// registers the nlq.question task and, when LLM_BASE_URL is set, the optional LLM fallback.
import './task';
import './llm';

export {
  askAgain,
  askQuestion,
  cancelQuestion,
  dataFromIds,
  getAnswer,
  MAX_RUNNING_PER_USER,
  NLQ_TASK,
  removeQuestion,
  saveQuestion,
  savedQuestions,
  type NlqCtx,
} from './service';
export { exportAnswer } from './export';
