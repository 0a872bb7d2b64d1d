export default 'test-file-stub.svg';
