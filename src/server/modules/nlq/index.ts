// The Sentinel module (issue 15): questions, answers, saved questions and export. Importing it
// registers the nlq.question task.
import './task';

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
