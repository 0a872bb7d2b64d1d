export { IMAGE_ACCEPT, IMAGE_TYPES, imageDataUrl, imageOf, imageProblem, readAsDataUrl, type ImageProblem } from './image-file';
