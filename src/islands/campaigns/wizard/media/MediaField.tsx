// Interface placeholder (issue 14 scaffolding): the media list and dropzone of a creative (spec 2
// §2, §5 Media files). Replaced by its real implementation; the props are the agreed interface.
import type { MediaItem } from '../../../../lib/contracts/setup-process';

export interface MediaFieldProps {
  media: MediaItem[];
  onChange(media: MediaItem[]): void;
  /** The campaign is published / running: spec 2 §5 add, remove and replace rules. */
  published: boolean;
  running: boolean;
  /** Any file still uploading or failed (the wizard blocks Next). */
  onPendingChange?(pending: boolean): void;
  disabled?: boolean;
}

export function MediaField(_: MediaFieldProps) {
  return null;
}
